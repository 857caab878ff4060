// The data-rights feature's Admin Panel sections; the app composes them.
export { OrganisationDataCard } from './components/organisation-data-card';
