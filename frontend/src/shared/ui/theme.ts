import type { ThemeConfig } from 'antd';

/**
 * antd's default palette with every colour that carries text darkened to WCAG 2.1 AA contrast
 * (4.5:1 on white and on the light tints antd puts behind it: the layout grey, a selected menu
 * item's blue, a tag's or an alert's pale background). The defaults fall short: the primary
 * blue #1677ff is 4.1:1 (links, and the white text of primary buttons), the error red #ff4d4f
 * 3.3:1 (form messages), the tertiary grey rgba(0,0,0,0.45) 3.4:1 (secondary text, form help),
 * the placeholder grey 1.8:1, the warning and success text colours 1.9:1 and 2.6:1, and the text
 * of orange, green, gold, cyan, lime and yellow tags about 3:1, and a table's empty text 1.7:1.
 */
const DARKER_SHADE_7 = {
  volcano: '#ad2102',
  orange: '#ad4e00',
  gold: '#874d00',
  yellow: '#876800',
  lime: '#3f6600',
  green: '#237804',
  cyan: '#006d75',
};

// antd keeps each shade under two names ("orange7" and "orange-7") that become the same CSS
// variable (--ant-orange-7), so both are set.
const TAG_TEXT = Object.fromEntries(
  Object.entries(DARKER_SHADE_7).flatMap(([color, shade]) => [
    [`${color}7`, shade],
    [`${color}-7`, shade],
  ]),
);

export const ACCESSIBLE_THEME: ThemeConfig = {
  token: {
    // Blue 7: 6.2:1 on white, 5.5:1 on a selected menu item's tint. Links take the info colour.
    colorPrimary: '#0958d9',
    colorInfo: '#0958d9',
    // Hovered buttons and links go darker, not lighter: the lighter blue is 4.2:1 under white.
    colorPrimaryHover: '#003eb3',
    colorLinkHover: '#003eb3',
    // Red 7: 5.6:1 on white; hovered danger buttons darker still.
    colorError: '#cf1322',
    colorErrorHover: '#a8071a',
    colorWarningText: '#874d00',
    colorSuccessText: '#237804',
    // 5.3:1 on white, 5.2:1 on the layout's grey #f5f5f5.
    colorTextTertiary: 'rgba(0, 0, 0, 0.58)',
    colorTextDescription: 'rgba(0, 0, 0, 0.58)',
    // 4.9:1 on white, 4.7:1 on a disabled field's grey.
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    // A focused field's ring: the default (10% of a light blue) is all but invisible.
    controlOutline: 'rgba(9, 88, 217, 0.3)',
    // Tags of these preset colours write in shade 7 on shade 1; shade 8 or 9 reads at 4.5:1+.
    ...TAG_TEXT,
  },
  components: {
    // A table's empty text ("No staff members yet") is written in the disabled grey, 1.7:1 on
    // white; it is text to read, so it takes the tertiary grey (5.3:1) like other secondary text.
    Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.58)' },
  },
};
