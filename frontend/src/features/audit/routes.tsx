// The audit feature's pages and parts; the app router loads this module lazily.
export { ActivityPage } from './pages/activity-page';
export { RecentActivity } from './components/recent-activity';
