// The dashboard feature's parts; the app composes the Dashboard page from them and others.
export { DashboardSummaryCards } from './components/dashboard-summary-cards';
export { DutyStatisticsCard } from './components/duty-statistics-card';
export { RotaHealth } from './components/rota-health';
export { SetupChecklistCard } from './components/setup-checklist-card';
