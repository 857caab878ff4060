// The statistics feature's pages; the app router loads this module lazily.
export { StatisticsPage } from './pages/statistics-page';
