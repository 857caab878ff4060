// The dashboard feature's parts; the app composes the Dashboard page from them and others. The
// first-run checklist and the rota's health line (components/setup-checklist-card.tsx and
// components/rota-health.tsx) are loaded by the Dashboard on their own, after its first screen:
// they are for admins and managers only.
export { DashboardSummaryCards } from './components/dashboard-summary-cards';
export { DutyStatisticsCard } from './components/duty-statistics-card';
