/**
 * The data inventory (docs/security.md#data-inventory): every text-like column of every table
 * (text, varchar, jsonb, bytea), and the personal fields of other types, classified once here.
 * A personal field says what it holds, why it is kept and for how long; any other column says
 * what it is. test/data-inventory.int-spec.ts enumerates the database's columns and fails on one
 * missing here (so a new column is classified when it is added) or listed here and gone, and
 * checks that docs/security.md's table is `inventoryTable()` of this list.
 */
export interface PersonalField {
  /** `table.column`. */
  column: string;
  personal: true;
  /** What it holds. */
  what: string;
  /** Why it is kept. */
  why: string;
  /** For how long. */
  kept: string;
}

export interface OtherField {
  column: string;
  personal: false;
  /** What it holds, and why that is not personal data. */
  what: string;
}

export type InventoryEntry = PersonalField | OtherField;

/** Until the person's data is erased: the retention period after they leave (default 12 months), or sooner by an admin. */
const UNTIL_ANONYMISED = 'Until anonymised: the retention period after they leave (default 12 months), or at once by an admin';
/** Kept as long as the organisation, then deleted with it. */
const LIFE_OF_ORGANISATION = 'The life of the organisation';
/** Free text someone typed that may name a person: scrubbed of an erased person's name and email. */
const SCRUBBED = 'The life of the organisation; an erased person’s name and email in it become their pseudonym';

const personal = (column: string, what: string, why: string, kept: string): PersonalField => ({ column, personal: true, what, why, kept });
const other = (column: string, what: string): OtherField => ({ column, personal: false, what });

export const DATA_INVENTORY: readonly InventoryEntry[] = [
  // Who people are
  personal('staff.name', 'A staff member’s name', 'To put them on the rota and show who is on duty', UNTIL_ANONYMISED + ' (then a pseudonym)'),
  personal(
    'staff.email',
    'A staff member’s email address',
    'To invite them and send their reminders and notices',
    UNTIL_ANONYMISED + ' (then a non-deliverable address)',
  ),
  personal('staff.department', 'Their department', 'To plan and read the rota by department', UNTIL_ANONYMISED + ' (then cleared)'),
  personal(
    'staff.working_days',
    'The weekdays they work',
    'The rota plans only on them; kept after erasure for the fairness history',
    LIFE_OF_ORGANISATION,
  ),
  personal(
    'staff.fte',
    'Their contract fraction',
    'Weighs their fair share of duties; kept after erasure for the fairness history',
    LIFE_OF_ORGANISATION,
  ),
  personal(
    'staff.avoid_days',
    'Days they would rather not do',
    'Honoured by the rota when it costs no fairness',
    UNTIL_ANONYMISED + ' (then cleared)',
  ),
  personal('staff.deactivated_at', 'When they left (were deactivated)', 'Starts their retention period', LIFE_OF_ORGANISATION),
  personal('users.name', 'An account holder’s name', 'Greets them and names who made a change', UNTIL_ANONYMISED + ' (then a pseudonym)'),
  personal(
    'users.email',
    'Their sign-in email address',
    'To sign in, and to send them links and notices',
    UNTIL_ANONYMISED + ' (then a non-deliverable address)',
  ),
  personal(
    'users.password_hash',
    'The argon2id hash of their password',
    'To check their password at sign-in',
    'Until they change it, or their data is erased',
  ),
  personal('users.last_login', 'When they last signed in', 'Shown to admins as an account’s activity', UNTIL_ANONYMISED),
  other('users.role', 'admin, manager or staff: what the account may do'),
  // Signing in
  personal(
    'user_identities.subject',
    'Their account id at a sign-in provider',
    'To sign them in through that provider',
    'Until unlinked, or their data is erased',
  ),
  other('user_identities.provider', 'Which provider (google, microsoft, oidc)'),
  other('user_identities.issuer', 'The provider’s issuer URL'),
  personal(
    'user_two_factor.secret',
    'Their TOTP secret',
    'To check two-step verification codes',
    'While two-step verification is on; deleted on erasure',
  ),
  personal(
    'user_two_factor.pending_secret',
    'A TOTP secret being set up',
    'To finish setting up two-step verification',
    '10 minutes; deleted on erasure',
  ),
  other('two_factor_recovery_codes.code_hash', 'SHA-256 hash of a recovery code: opens nothing by itself; deleted on erasure'),
  other('two_factor_challenges.token_hash', 'SHA-256 hash of a sign-in challenge; aged out daily once expired (5 minutes)'),
  other('session_handoffs.token_hash', 'SHA-256 hash of a one-time session handoff; aged out daily once expired (1 minute)'),
  other('email_verification_tokens.token_hash', 'SHA-256 hash of a verification link; aged out daily once expired (24 hours)'),
  other('password_reset_tokens.token_hash', 'SHA-256 hash of a reset or invitation link; aged out daily once expired'),
  other('password_reset_tokens.purpose', 'reset or invite'),
  personal(
    'email_change_tokens.new_email',
    'A new sign-in email waiting to be confirmed',
    'To apply the change once confirmed',
    '24 hours, aged out daily; deleted on erasure',
  ),
  other('email_change_tokens.token_hash', 'SHA-256 hash of the confirmation link'),
  other('email_change_tokens.approval_token_hash', 'SHA-256 hash of the owner’s approval link'),
  other('email_change_tokens.requested_by', 'self or admin: who asked for the change'),
  other('calendar_feed_tokens.selector', 'The public half of a calendar feed token; deleted on erasure'),
  other('calendar_feed_tokens.secret_hash', 'SHA-256 hash of the feed token’s secret; deleted on erasure'),
  other('sso_login_attempts.provider', 'Which provider a sign-in went through'),
  other('sso_login_attempts.state_hash', 'Hash of the OAuth state; the attempt lives 10 minutes, aged out daily'),
  other('sso_login_attempts.nonce', 'A random nonce of the attempt (10 minutes)'),
  other('sso_login_attempts.code_verifier', 'The PKCE verifier of the attempt (10 minutes)'),
  other('sso_login_attempts.browser_hash', 'Hash binding the attempt to a browser (10 minutes)'),
  other('sso_login_attempts.purpose', 'sign-in, link or re-authentication'),
  personal(
    'rate_limit_buckets.key',
    'A throttle counter’s key: a client address, or an account’s email',
    'To slow down password guessing and abuse',
    'The counter’s window (at most a day), then within 15 minutes; an erased person’s at once',
  ),
  // What people wrote or were given
  personal(
    'staff_unavailability.reason',
    'Why someone is away',
    'Shown to managers deciding cover',
    UNTIL_ANONYMISED + ' (then cleared; others’ reasons scrubbed)',
  ),
  personal(
    'recurring_unavailability.reason',
    'Why someone is away every week',
    'Shown to managers deciding cover',
    UNTIL_ANONYMISED + ' (then cleared; others’ reasons scrubbed)',
  ),
  personal(
    'swap_requests.reason',
    'Why a swap was asked for',
    'Shown to the colleague and the approver',
    UNTIL_ANONYMISED + ' (then cleared; others’ reasons scrubbed)',
  ),
  personal(
    'cancel_requests.reason',
    'Why a duty was cancelled',
    'Shown to the approver',
    UNTIL_ANONYMISED + ' (then cleared; others’ reasons scrubbed)',
  ),
  personal(
    'notifications.text',
    'A notice to a person, which may name colleagues',
    'Their in-app notifications',
    UNTIL_ANONYMISED + ' (theirs deleted; others’ scrubbed)',
  ),
  other('notifications.kind', 'The notice’s kind'),
  other('notifications.link', 'An in-app path the notice opens'),
  other('notifications.event_key', 'Ids of the event, so a person is told once'),
  personal(
    'outbox_emails.to',
    'An email’s recipient',
    'Delivery record: who was sent what, when',
    'The life of the organisation; to an erased person: their non-deliverable address instead',
  ),
  personal('outbox_emails.subject', 'An email’s subject, which may name people', 'Delivery record', SCRUBBED),
  personal(
    'outbox_emails.html',
    'An email’s body',
    'To answer “what did it say?”',
    '30 days after sending (90 if it failed); access links removed once sent; scrubbed on erasure',
  ),
  personal('outbox_emails.text', 'An email’s plain-text body', 'As the HTML body', '30 days after sending (90 if it failed); scrubbed on erasure'),
  personal(
    'outbox_emails.attachments',
    'An email’s attachments (a duty’s .ics, naming the person)',
    'As the body',
    '30 days after sending (90 if it failed); scrubbed on erasure',
  ),
  personal('outbox_emails.last_error', 'Why a delivery failed (may quote the address)', 'To find out why an email failed', SCRUBBED),
  other('outbox_emails.dedupe_key', 'Ids that make an email unique'),
  other('outbox_emails.kind', 'The email’s kind'),
  other('outbox_emails.status', 'pending, sending, sent, simulated or failed'),
  personal('audit_entries.actor_name', 'Who made a change', 'The activity log: who changed what, when', SCRUBBED),
  personal('audit_entries.summary', 'What changed, naming the people concerned', 'The activity log', SCRUBBED),
  personal('audit_entries.before', 'A record’s fields before a change (a staff member’s name, email, department…)', 'The activity log', SCRUBBED),
  personal('audit_entries.after', 'A record’s fields after a change', 'The activity log', SCRUBBED),
  other('audit_entries.kind', 'The kind of record changed'),
  other('audit_entries.action', 'The change, e.g. staff.deactivated'),
  other('audit_entries.entity_id', 'The id of the record changed'),
  // The school's own texts, which may mention a person
  personal('duties.description', 'A duty’s description, free text', 'Shown with the duty', SCRUBBED),
  personal('duties.place', 'Where a duty is', 'Shown with the duty', SCRUBBED),
  personal('duties.wet_place', 'Where a duty is on a wet day', 'Shown with the duty', SCRUBBED),
  other('duties.name', 'A duty’s name (e.g. Lunch duty)'),
  other('duties.name_key', 'The name, normalised, for uniqueness'),
  other('duties.start_time', 'HH:mm'),
  other('duties.end_time', 'HH:mm'),
  other('duties.eligible', 'Who may do the duty: everyone, teaching, non-teaching or groups'),
  personal('holidays.name', 'A holiday’s name', 'The school calendar', SCRUBBED),
  personal('holidays.description', 'A holiday’s description', 'The school calendar', SCRUBBED),
  other('holidays.type', 'The kind of holiday'),
  personal('terms.name', 'A term’s name', 'The school calendar', SCRUBBED),
  personal('rota_drafts.name', 'A draft rota’s name', 'To tell drafts apart', SCRUBBED),
  other('rota_drafts.duty_ids', 'The duties a draft covers'),
  other('rota_slots.pinned_reason', 'swap, cover, hand or override: why a slot is pinned'),
  personal('system_settings.instructions_title', 'The title of the school’s duty instructions', 'Shown to staff', SCRUBBED),
  personal('system_settings.instructions_content', 'The school’s duty instructions, free text', 'Shown to staff', SCRUBBED),
  personal('system_settings.email_template', 'The school’s reminder email template', 'Reminders are written from it', SCRUBBED),
  personal('system_settings.procedure_file_name', 'The procedure document’s name (legacy link)', 'Shown to staff', SCRUBBED),
  other('system_settings.procedure_file_url', 'A link to the school’s procedure document'),
  other('system_settings.reminder_time', 'HH:mm'),
  other('system_settings.mix_mode', 'The rota’s teaching/non-teaching rule'),
  personal('procedure_files.file_name', 'The uploaded procedure document’s file name', 'Shown to staff', SCRUBBED),
  personal(
    'procedure_files.content',
    'The uploaded procedure document (may name staff)',
    'Shown to staff',
    'Until replaced or removed by an admin; not scrubbed (a binary document)',
  ),
  other('procedure_files.kind', 'The document’s type'),
  other('procedure_files.sha256', 'The document’s digest'),
  personal('staff_groups.name', 'A staff group’s name', 'To give duties to groups', LIFE_OF_ORGANISATION),
  other('staff_groups.name_key', 'The name, normalised, for uniqueness'),
  // The organisation
  other('organizations.name', 'The school’s name'),
  other('organizations.subdomain', 'The school’s address'),
  other('organizations.type', 'school, college or university'),
  other('organizations.settings', 'The organisation’s options'),
  other('organizations.timezone', 'The school’s time zone'),
  other('organizations.region', 'The region for bank holidays'),
  other('identity_providers.kind', 'google, microsoft or oidc'),
  other('identity_providers.client_id', 'The app’s client id at the provider'),
  other('identity_providers.client_secret', 'The app’s client secret at the provider (the school’s, not a person’s)'),
  other('identity_providers.issuer', 'The provider’s issuer URL'),
  other('identity_providers.display_name', 'The provider’s name on the sign-in page'),
  other('sign_in_settings.join_rule', 'Who may join through a provider'),
  // Enumerations and keys
  other('cancel_requests.status', 'The request’s state'),
  other('cancel_requests.source', 'Where the request came from'),
  other('swap_requests.status', 'The request’s state'),
  other('staff_unavailability.type', 'The kind of absence (e.g. training)'),
  other('recurring_unavailability.week', 'every, A or B'),
  other('recurring_unavailability.start_time', 'HH:mm'),
  other('recurring_unavailability.end_time', 'HH:mm'),
  other('duty_reminders.trigger', 'When a reminder is sent'),
  other('sent_duty_reminders.kind', 'Which reminder was sent'),
  other('mikro_orm_migrations.name', 'A database migration applied'),
];

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** The Markdown table of the personal fields, as docs/security.md#data-inventory shows it. */
export function inventoryTable(): string {
  const rows = DATA_INVENTORY.filter((e): e is PersonalField => e.personal).map(
    (e) => `| \`${e.column}\` | ${cell(e.what)} | ${cell(e.why)} | ${cell(e.kept)} |`,
  );
  return ['| Field | What | Why it is kept | For how long |', '| --- | --- | --- | --- |', ...rows].join('\n');
}
