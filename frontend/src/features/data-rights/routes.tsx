// The data-rights feature's parts; the app composes them: the Account page's "Your data" card,
// the Admin Panel's "Organisation data", "Leavers' data" and "Delete this organisation" cards,
// the Staff Management row action that erases a person's personal data, and the deletion banner.
export { YourDataCard } from './components/your-data-card';
export { OrganisationDataCard } from './components/organisation-data-card';
export { DeleteOrganizationCard, DELETE_TITLE } from './components/delete-organization-card';
export { OrganizationDeletionBanner } from './components/organization-deletion-banner';
export { EraseStaffAction } from './components/erase-staff-action';
export { LEAVERS_DATA_TITLE, LeaversDataCard } from './components/leavers-data-card';
