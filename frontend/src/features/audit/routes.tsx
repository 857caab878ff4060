// The audit feature's pages; the app router loads this module lazily.
export { ActivityPage } from './pages/activity-page';
