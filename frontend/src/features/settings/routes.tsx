// The settings feature's Admin Panel sections; the app composes them.
export { AutoApprovalSettingsCard } from './components/auto-approval-settings-card';
export { DutyManagerSettingsCard } from './components/duty-manager-settings-card';
export { EmailReminderSettingsCard } from './components/email-reminder-settings-card';
export { EmailSystemTestingCard } from './components/email-system-testing-card';
export { EmailTemplateEditorCard } from './components/email-template-editor-card';
export { InstructionsManagerCard } from './components/instructions-manager-card';
export { RotaRulesCard } from './components/rota-rules-card';
export { SignInSettingsCard } from './components/sign-in-settings-card';
