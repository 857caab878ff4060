// The unavailability feature's parts; the app composes them into its pages (My Rota).
export { UnavailabilitySection } from './components/unavailability-section';
export { WeeklyCommitmentsSection } from './components/weekly-commitments-section';
