/**
 * What every credential of a user needs besides its own check (SQL over `users u` joined to
 * `organizations o`): both active, and not an admin whom the organisation requires to use
 * two-step verification and who hasn't set it up — such an admin's sessions reach only the setup,
 * and their feed tokens and download links answer nothing until they have (docs/security.md,
 * "Two-step verification"). Kept here so sessions, feeds and links can't drift apart.
 */
export const CREDENTIALS_USABLE_SQL = `(u.is_active and o.is_active and not (o.require_admin_two_factor and u.role = 'admin' and not u.two_factor_enabled))`;
