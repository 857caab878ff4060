// The duties feature's page; src/app composes it with the staff groups (app/routes/duties-page.tsx)
// and loads it lazily.
export { DutiesPage } from './pages/duties-page';
