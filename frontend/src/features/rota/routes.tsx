// The rota feature's screens; the app loads this module lazily and composes the Dashboard and
// the Admin Panel from some of them.
export { MonthlyRota } from './components/monthly-rota';
export { RotaManagementCard } from './components/rota-management-card';
export { PinnedDutiesCard } from './components/pinned-duties-card';
export { WeeklyRotaPage } from './pages/weekly-rota-page';
export { DutyPosterPage } from './pages/duty-poster-page';
export { DraftPage } from './pages/draft-page';
export { RotaManagementSection } from './components/rota-management-section';
