// The data-rights feature's parts; the app composes them.
export { DeleteOrganizationCard, DELETE_TITLE } from './components/delete-organization-card';
export { OrganizationDeletionBanner } from './components/organization-deletion-banner';
export type { Reauthentication } from './components/reauthentication';
