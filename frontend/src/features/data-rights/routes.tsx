// The data-rights feature's parts; the app composes them: the Account page's "Your data" card,
// the Admin Panel's "Delete this organisation" card and the deletion banner.
export { YourDataCard } from './components/your-data-card';
export { DeleteOrganizationCard, DELETE_TITLE } from './components/delete-organization-card';
export { OrganizationDeletionBanner } from './components/organization-deletion-banner';
export type { Reauthentication } from './components/reauthentication';
