// The settings feature's Admin Panel sections; the app composes them.
export { DutyManagerSettingsCard } from './components/duty-manager-settings-card';
