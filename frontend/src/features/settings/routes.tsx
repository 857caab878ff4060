// The settings feature's Admin Panel sections; the app composes them.
export { AutoApprovalSettingsCard } from './components/auto-approval-settings-card';
export { DutyManagerSettingsCard } from './components/duty-manager-settings-card';
