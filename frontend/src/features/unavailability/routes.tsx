// The unavailability feature's parts; the app composes them into its pages (My Rota).
export { UnavailabilitySection } from './components/unavailability-section';
