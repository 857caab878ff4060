// The holidays feature's pages; the app router loads this module lazily.
export { HolidaysPage } from './pages/holidays-page';
