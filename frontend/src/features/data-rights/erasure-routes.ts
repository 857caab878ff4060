// The data-rights feature's parts the app composes: the Admin Panel's "Leavers' data" section and
// the Staff Management row action that erases a person's personal data.
export { EraseStaffAction } from './components/erase-staff-action';
export { LEAVERS_DATA_TITLE, LeaversDataCard } from './components/leavers-data-card';
