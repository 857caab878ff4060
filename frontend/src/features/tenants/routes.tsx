import { LandingPage } from './pages/landing-page';

// Loaded lazily by the app router; React Router reads the route's `Component` from here.
export const Component = LandingPage;
