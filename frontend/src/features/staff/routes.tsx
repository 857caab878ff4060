// The staff feature has no page of its own: its section sits in the Admin Panel (docs/product.md#screens), which
// src/app composes from the features that fill it.
export { StaffManagement } from './components/staff-management';
