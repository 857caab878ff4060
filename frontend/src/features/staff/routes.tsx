// The staff feature has no page of its own: its section sits in the Admin Panel (docs/product.md#screens), which
// src/app composes from the features that fill it.
// StaffGroupsCard is the staff groups' section (docs/product.md#staff-groups), for the screen where duties are defined.
export { StaffGroupsCard } from './components/staff-groups-card';
export { StaffManagement } from './components/staff-management';
