// The Today board's page; the app router loads this module lazily.
export { TodayPage } from './pages/today-page';
