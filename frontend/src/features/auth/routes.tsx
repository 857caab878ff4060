// The account screens reached from emailed links, and the signed-in person's account security.
// The app router loads this module lazily and picks the page for each path.
export { AccountSecurityPage } from './pages/account-security-page';
export { ConfirmEmailPage } from './pages/confirm-email-page';
export { ContinuePage } from './pages/continue-page';
export { FindSchoolPage } from './pages/find-school-page';
export { ForgotPasswordPage } from './pages/forgot-password-page';
export { ReauthenticatedPage } from './pages/reauthenticated-page';
export { ResendVerificationPage } from './pages/resend-verification-page';
export { ResetPasswordPage } from './pages/reset-password-page';
export { TwoFactorSetupRequiredPage } from './pages/two-factor-setup-required-page';
export { UnknownSchoolPage } from './pages/unknown-school-page';
export { VerifyEmailPage } from './pages/verify-email-page';
