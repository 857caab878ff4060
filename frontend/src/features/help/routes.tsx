// The help feature's pages; the app router loads this module lazily.
export { HelpPage } from './pages/help-page';
