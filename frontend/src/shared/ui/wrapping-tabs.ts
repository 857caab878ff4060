import './wrapping-tabs.css';

/**
 * The class for an antd `Tabs` whose tab bar wraps onto more lines on a phone rather than hiding
 * tabs behind its "…" menu (wrapping-tabs.css). Pass it as the Tabs' `className`.
 */
export const WRAPPING_TABS = 'wrapping-tabs';
