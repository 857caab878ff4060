/**
 * The organisation export's format, schema version 1 (docs/export-format.md, whose table section
 * and docs/export-format.schema.json are written from this file by `npm run gen` and checked by
 * test/export-format.int-spec.ts against the database itself).
 *
 * An archive is a ZIP of `organization.json` (the whole export, one JSON document), one CSV per
 * table with the same rows, and `files/…` (the procedure document's bytes). Rows are PostgreSQL's
 * own JSON of a row (`to_jsonb`): dates `YYYY-MM-DD`, times ISO 8601 with an offset, arrays and
 * JSON as JSON. Tables are listed in import order: a row refers only to tables before it.
 */
export const EXPORT_FORMAT = 'duty-manager-organization-export';
export const EXPORT_SCHEMA_VERSION = 1;

/** How a column's values are written. `file`: the name of an archive entry under `files/`. */
export type ColumnType = 'uuid' | 'text' | 'integer' | 'number' | 'boolean' | 'date' | 'timestamp' | 'json' | 'integer[]' | 'text[]' | 'file';

export interface ExportColumn {
  type: ColumnType;
  nullable?: true;
  /** A foreign key: the id of a row of that table in the same archive (or `organizations`: the organisation). */
  references?: string;
  /**
   * An id without a foreign key: of that table (`duties[]`: a JSON list of them; `*`: of any
   * table). The import rewrites it when the archive has that row, and keeps it otherwise.
   */
  mentions?: string;
}

export interface ExportTable {
  name: string;
  /** The module that owns the table and reads and writes its rows (docs/architecture.md). */
  owner: string;
  /** The primary key, also the order rows are written in. */
  key: readonly string[];
  about: string;
  columns: Readonly<Record<string, ExportColumn>>;
}

export const EXPORTED_TABLES: readonly ExportTable[] = [
  {
    name: 'users',
    owner: 'auth',
    key: ['id'],
    about:
      'Accounts: who can sign in, their role. Without password hashes: imported accounts set a password with "Forgot password" or sign in through the school\'s identity provider.',
    columns: {
      id: { type: 'uuid' },
      organization_id: { type: 'uuid', references: 'organizations' },
      email: { type: 'text' },
      name: { type: 'text' },
      role: { type: 'text' },
      is_active: { type: 'boolean' },
      email_verified: { type: 'boolean' },
      last_login: { type: 'timestamp', nullable: true },
      token_version: { type: 'integer' },
      created_at: { type: 'timestamp' },
      updated_at: { type: 'timestamp' },
      two_factor_enabled: { type: 'boolean' },
    },
  },
  {
    name: 'user_identities',
    owner: 'auth',
    key: ['id'],
    about: "Sign-in identities linking an account to an identity provider's subject (Microsoft, Google).",
    columns: {
      id: { type: 'uuid' },
      organization_id: { type: 'uuid', references: 'organizations' },
      user_id: { type: 'uuid', references: 'users' },
      provider: { type: 'text' },
      issuer: { type: 'text' },
      subject: { type: 'text' },
      created_at: { type: 'timestamp' },
      last_used_at: { type: 'timestamp', nullable: true },
    },
  },
  {
    name: 'staff_groups',
    owner: 'staff',
    key: ['id'],
    about: 'Named groups of staff (e.g. "Science"), used by duties\' eligibility.',
    columns: {
      id: { type: 'uuid' },
      organization_id: { type: 'uuid', references: 'organizations' },
      name: { type: 'text' },
      name_key: { type: 'text' },
      created_at: { type: 'timestamp' },
      updated_at: { type: 'timestamp' },
    },
  },
  {
    name: 'staff',
    owner: 'staff',
    key: ['id'],
    about: 'Staff members who do duties: name, email, department, working pattern, weekly cap.',
    columns: {
      id: { type: 'uuid' },
      organization_id: { type: 'uuid', references: 'organizations' },
      name: { type: 'text' },
      email: { type: 'text' },
      department: { type: 'text', nullable: true },
      is_active: { type: 'boolean' },
      is_teaching: { type: 'boolean' },
      user_id: { type: 'uuid', nullable: true, references: 'users' },
      created_at: { type: 'timestamp' },
      updated_at: { type: 'timestamp' },
      working_days: { type: 'integer[]' },
      fte: { type: 'number', nullable: true },
      weekly_cap: { type: 'integer', nullable: true },
      avoid_days: { type: 'integer[]' },
      deactivated_at: { type: 'timestamp', nullable: true },
      anonymised_at: { type: 'timestamp', nullable: true },
    },
  },
  {
    name: 'staff_group_members',
    owner: 'staff',
    key: ['group_id', 'staff_id'],
    about: 'Who is in which staff group.',
    columns: {
      group_id: { type: 'uuid', references: 'staff_groups' },
      staff_id: { type: 'uuid', references: 'staff' },
      organization_id: { type: 'uuid', references: 'organizations' },
    },
  },
  {
    name: 'identity_providers',
    owner: 'sso',
    key: ['id'],
    about: 'Single sign-on providers (without their client secrets: enter the secret again after an import).',
    columns: {
      id: { type: 'uuid' },
      organization_id: { type: 'uuid', references: 'organizations' },
      kind: { type: 'text' },
      enabled: { type: 'boolean' },
      client_id: { type: 'text' },
      allowed_domains: { type: 'text[]' },
      allowed_tenant_ids: { type: 'text[]' },
      issuer: { type: 'text', nullable: true },
      display_name: { type: 'text', nullable: true },
      created_at: { type: 'timestamp' },
      updated_at: { type: 'timestamp' },
    },
  },
  {
    name: 'sign_in_settings',
    owner: 'sso',
    key: ['id'],
    about: 'How people may sign in and who may join through single sign-on.',
    columns: {
      id: { type: 'uuid' },
      organization_id: { type: 'uuid', references: 'organizations' },
      join_rule: { type: 'text' },
      password_sign_in: { type: 'boolean' },
      updated_at: { type: 'timestamp' },
    },
  },
  {
    name: 'holidays',
    owner: 'holidays',
    key: ['id'],
    about: 'Holidays, INSET days and closures: days without duties.',
    columns: {
      id: { type: 'uuid' },
      organization_id: { type: 'uuid', references: 'organizations' },
      name: { type: 'text' },
      type: { type: 'text' },
      start_date: { type: 'date' },
      end_date: { type: 'date' },
      description: { type: 'text', nullable: true },
      created_at: { type: 'timestamp' },
      updated_at: { type: 'timestamp' },
      revision: { type: 'integer' },
    },
  },
  {
    name: 'terms',
    owner: 'holidays',
    key: ['id'],
    about: 'Term dates by academic year, with half terms.',
    columns: {
      id: { type: 'uuid' },
      organization_id: { type: 'uuid', references: 'organizations' },
      academic_year: { type: 'integer' },
      name: { type: 'text' },
      start_date: { type: 'date' },
      end_date: { type: 'date' },
      half_term_start: { type: 'date', nullable: true },
      half_term_end: { type: 'date', nullable: true },
      created_at: { type: 'timestamp' },
      updated_at: { type: 'timestamp' },
    },
  },
  {
    name: 'system_settings',
    owner: 'settings',
    key: ['id'],
    about: "The school's rota and email settings (one row).",
    columns: {
      id: { type: 'uuid' },
      organization_id: { type: 'uuid', references: 'organizations' },
      duty_managers_per_day: { type: 'integer' },
      created_at: { type: 'timestamp' },
      updated_at: { type: 'timestamp' },
      auto_approval_swaps: { type: 'boolean' },
      auto_approval_cancellations: { type: 'boolean' },
      auto_fill_cancellations: { type: 'boolean' },
      email_reminders_enabled: { type: 'boolean' },
      reminder_time: { type: 'text' },
      reminder_hours_advance: { type: 'integer' },
      email_template: { type: 'json', nullable: true },
      instructions_title: { type: 'text' },
      instructions_content: { type: 'text' },
      procedure_file_url: { type: 'text', nullable: true },
      procedure_file_name: { type: 'text', nullable: true },
      mix_mode: { type: 'text' },
      default_weekly_cap: { type: 'integer', nullable: true },
      week_a_start: { type: 'date', nullable: true },
      max_duties_per_day: { type: 'integer' },
      all_day_duties_count: { type: 'boolean' },
      reminder_minutes_before: { type: 'integer', nullable: true },
      keep_fairness: { type: 'boolean' },
      frozen_school_days: { type: 'integer' },
      leaver_retention_months: { type: 'integer' },
    },
  },
  {
    name: 'procedure_files',
    owner: 'settings',
    key: ['id'],
    about: 'The duty procedure document; its bytes are the archive entry named in `content` (files/…).',
    columns: {
      id: { type: 'uuid' },
      organization_id: { type: 'uuid', references: 'organizations' },
      file_name: { type: 'text' },
      kind: { type: 'text' },
      size: { type: 'integer' },
      sha256: { type: 'text' },
      content: { type: 'file' },
      uploaded_by_id: { type: 'uuid', nullable: true, references: 'users' },
      created_at: { type: 'timestamp' },
    },
  },
  {
    name: 'staff_unavailability',
    owner: 'availability',
    key: ['id'],
    about: 'Dated absences (leave, training, illness) that keep a person off the rota.',
    columns: {
      id: { type: 'uuid' },
      organization_id: { type: 'uuid', references: 'organizations' },
      staff_id: { type: 'uuid', references: 'staff' },
      start_date: { type: 'date' },
      end_date: { type: 'date' },
      reason: { type: 'text' },
      type: { type: 'text' },
      created_by_id: { type: 'uuid', nullable: true, references: 'users' },
      created_at: { type: 'timestamp' },
      updated_at: { type: 'timestamp' },
    },
  },
  {
    name: 'recurring_unavailability',
    owner: 'availability',
    key: ['id'],
    about: 'Weekly repeating unavailability (e.g. every Tuesday, or Week A only).',
    columns: {
      id: { type: 'uuid' },
      organization_id: { type: 'uuid', references: 'organizations' },
      staff_id: { type: 'uuid', references: 'staff' },
      weekdays: { type: 'integer[]' },
      start_date: { type: 'date' },
      end_date: { type: 'date' },
      every_other_week: { type: 'boolean' },
      week: { type: 'text', nullable: true },
      reason: { type: 'text' },
      created_by_id: { type: 'uuid', nullable: true, references: 'users' },
      created_at: { type: 'timestamp' },
      updated_at: { type: 'timestamp' },
      start_time: { type: 'text', nullable: true },
      end_time: { type: 'text', nullable: true },
    },
  },
  {
    name: 'duties',
    owner: 'duties',
    key: ['id'],
    about: 'The duties the school runs, incl. the built-in Duty Manager duty.',
    columns: {
      id: { type: 'uuid' },
      organization_id: { type: 'uuid', references: 'organizations' },
      is_duty_manager: { type: 'boolean', nullable: true },
      name: { type: 'text' },
      place: { type: 'text', nullable: true },
      description: { type: 'text' },
      start_time: { type: 'text', nullable: true },
      end_time: { type: 'text', nullable: true },
      weight: { type: 'integer' },
      eligible: { type: 'text' },
      pairs_teaching: { type: 'boolean' },
      sort_order: { type: 'integer' },
      paused: { type: 'boolean' },
      created_at: { type: 'timestamp' },
      updated_at: { type: 'timestamp' },
      name_key: { type: 'text', nullable: true },
      archived_at: { type: 'timestamp', nullable: true },
      wet_place: { type: 'text', nullable: true },
    },
  },
  {
    name: 'duty_eligibility',
    owner: 'duties',
    key: ['id'],
    about: 'Which staff or staff groups may do a duty, when it is not open to everyone.',
    columns: {
      id: { type: 'uuid' },
      organization_id: { type: 'uuid', references: 'organizations' },
      duty_id: { type: 'uuid', references: 'duties' },
      staff_group_id: { type: 'uuid', nullable: true, references: 'staff_groups' },
      staff_id: { type: 'uuid', nullable: true, references: 'staff' },
    },
  },
  {
    name: 'duty_weekdays',
    owner: 'duties',
    key: ['duty_id', 'weekday'],
    about: 'On which weekdays a duty runs and how many people it needs.',
    columns: {
      duty_id: { type: 'uuid', references: 'duties' },
      weekday: { type: 'integer' },
      organization_id: { type: 'uuid', references: 'organizations' },
      people: { type: 'integer' },
    },
  },
  {
    name: 'rota_days',
    owner: 'rota',
    key: ['id'],
    about: 'Days of the published rota.',
    columns: {
      id: { type: 'uuid' },
      organization_id: { type: 'uuid', references: 'organizations' },
      date: { type: 'date' },
      created_at: { type: 'timestamp' },
      updated_at: { type: 'timestamp' },
      revision: { type: 'integer' },
    },
  },
  {
    name: 'rota_slots',
    owner: 'rota',
    key: ['id'],
    about: 'Who does which duty on a rota day (the rota and its history), with pins.',
    columns: {
      id: { type: 'uuid' },
      organization_id: { type: 'uuid', references: 'organizations' },
      rota_day_id: { type: 'uuid', references: 'rota_days' },
      date: { type: 'date' },
      position: { type: 'integer' },
      staff_id: { type: 'uuid', references: 'staff' },
      created_at: { type: 'timestamp' },
      override: { type: 'boolean' },
      duty_id: { type: 'uuid', references: 'duties' },
      pinned: { type: 'boolean' },
      pinned_reason: { type: 'text', nullable: true },
    },
  },
  {
    name: 'rota_drafts',
    owner: 'rota',
    key: ['id'],
    about: 'Draft rotas being planned, published or discarded.',
    columns: {
      id: { type: 'uuid' },
      organization_id: { type: 'uuid', references: 'organizations' },
      name: { type: 'text' },
      start_date: { type: 'date' },
      end_date: { type: 'date' },
      duty_ids: { type: 'json', nullable: true, mentions: 'duties[]' },
      created_by: { type: 'uuid', mentions: 'users' },
      created_at: { type: 'timestamp' },
      published_at: { type: 'timestamp', nullable: true },
      discarded: { type: 'boolean' },
    },
  },
  {
    name: 'draft_slots',
    owner: 'rota',
    key: ['id'],
    about: 'The assignments of a draft rota.',
    columns: {
      id: { type: 'uuid' },
      organization_id: { type: 'uuid', references: 'organizations' },
      draft_id: { type: 'uuid', references: 'rota_drafts' },
      duty_id: { type: 'uuid', references: 'duties' },
      date: { type: 'date' },
      position: { type: 'integer' },
      staff_id: { type: 'uuid', references: 'staff' },
    },
  },
  {
    name: 'wet_days',
    owner: 'rota',
    key: ['id'],
    about: 'Days marked as wet (wet-weather duty places).',
    columns: {
      id: { type: 'uuid' },
      organization_id: { type: 'uuid', references: 'organizations' },
      date: { type: 'date' },
      marked_by: { type: 'uuid', mentions: 'users' },
      created_at: { type: 'timestamp' },
    },
  },
  {
    name: 'wet_day_notices',
    owner: 'rota',
    key: ['id'],
    about: 'Who was told about a wet day.',
    columns: {
      id: { type: 'uuid' },
      organization_id: { type: 'uuid', references: 'organizations' },
      date: { type: 'date' },
      staff_id: { type: 'uuid', mentions: 'staff' },
      created_at: { type: 'timestamp' },
    },
  },
  {
    name: 'cancel_requests',
    owner: 'requests',
    key: ['id'],
    about: 'Requests to be taken off a duty, and their decisions.',
    columns: {
      id: { type: 'uuid' },
      organization_id: { type: 'uuid', references: 'organizations' },
      staff_id: { type: 'uuid', references: 'staff' },
      date: { type: 'date' },
      reason: { type: 'text' },
      status: { type: 'text' },
      source: { type: 'text' },
      unavailability_id: { type: 'uuid', nullable: true, references: 'staff_unavailability' },
      replacement_id: { type: 'uuid', nullable: true, references: 'staff' },
      created_by_id: { type: 'uuid', nullable: true, references: 'users' },
      decided_by_id: { type: 'uuid', nullable: true, references: 'users' },
      decided_at: { type: 'timestamp', nullable: true },
      processed_automatically: { type: 'boolean' },
      created_at: { type: 'timestamp' },
      updated_at: { type: 'timestamp' },
      duty_id: { type: 'uuid', references: 'duties' },
    },
  },
  {
    name: 'swap_requests',
    owner: 'requests',
    key: ['id'],
    about: 'Requests to swap duties with a colleague, and their answers and decisions.',
    columns: {
      id: { type: 'uuid' },
      organization_id: { type: 'uuid', references: 'organizations' },
      requester_id: { type: 'uuid', references: 'staff' },
      target_id: { type: 'uuid', nullable: true, references: 'staff' },
      original_date: { type: 'date' },
      swap_date: { type: 'date' },
      reason: { type: 'text' },
      status: { type: 'text' },
      created_by_id: { type: 'uuid', nullable: true, references: 'users' },
      decided_by_id: { type: 'uuid', nullable: true, references: 'users' },
      decided_at: { type: 'timestamp', nullable: true },
      processed_automatically: { type: 'boolean' },
      created_at: { type: 'timestamp' },
      updated_at: { type: 'timestamp' },
      open: { type: 'boolean' },
      answered_at: { type: 'timestamp', nullable: true },
      approved_unanswered: { type: 'boolean' },
      duty_id: { type: 'uuid', references: 'duties' },
      swap_duty_id: { type: 'uuid', references: 'duties' },
    },
  },
  {
    name: 'notifications',
    owner: 'notifications',
    key: ['id'],
    about: 'In-app notifications of each account.',
    columns: {
      id: { type: 'uuid' },
      organization_id: { type: 'uuid', references: 'organizations' },
      user_id: { type: 'uuid', references: 'users' },
      kind: { type: 'text' },
      text: { type: 'text' },
      link: { type: 'text' },
      subject_id: { type: 'uuid', nullable: true, mentions: '*' },
      event_key: { type: 'text' },
      created_at: { type: 'timestamp' },
      read_at: { type: 'timestamp', nullable: true },
    },
  },
  {
    name: 'audit_entries',
    owner: 'audit',
    key: ['id'],
    about: 'The activity log: who changed what and when. Imported entries get new numbers in the same order.',
    columns: {
      id: { type: 'integer' },
      organization_id: { type: 'uuid', references: 'organizations' },
      actor_id: { type: 'uuid', nullable: true, references: 'users' },
      actor_name: { type: 'text' },
      kind: { type: 'text' },
      action: { type: 'text' },
      entity_id: { type: 'text', mentions: '*' },
      summary: { type: 'text' },
      before: { type: 'json', nullable: true },
      after: { type: 'json', nullable: true },
      created_at: { type: 'timestamp' },
    },
  },
];

/**
 * Tables with an `organization_id` that the export leaves out, and why: secrets and transient
 * sign-in state, which must not leave the instance and mean nothing in another one, and delivery
 * bookkeeping. test/export-format.int-spec.ts fails on a table that is in neither list.
 */
export const NOT_EXPORTED: Readonly<Record<string, string>> = {
  user_sessions: 'signed-in sessions: transient sign-in state, and a session of another instance means nothing',
  two_factor_recovery_codes: 'secrets (hashes of the recovery codes)',
  user_two_factor: 'secrets (authenticator keys); people set up two-step verification again',
  sso_login_attempts: 'transient sign-in state of single sign-on (minutes long)',
  calendar_feed_tokens: 'secrets: the calendar subscription links; people subscribe again',
  calendar_feed_revisions: 'a cache counter for calendar subscribers',
  outbox_emails: "the mail queue; each person's emails are in their own data (subject access)",
  duty_reminders: 'delivery bookkeeping of reminder emails already sent',
  sent_duty_reminders: 'delivery bookkeeping of reminder emails already sent',
};

/** Tables without an `organization_id` that hold an organisation's transient sign-in state (by user), also left out. */
export const NOT_EXPORTED_BY_USER: Readonly<Record<string, string>> = {
  session_handoffs: 'one-minute sign-in handoffs between addresses',
  password_reset_tokens: 'secrets: password reset and invitation links',
  email_verification_tokens: 'secrets: email verification links',
  email_change_tokens: 'secrets: email change confirmation links',
  two_factor_challenges: 'transient sign-in state between password and code',
};

/** Columns of exported tables left out: secrets. */
export const SECRET_COLUMNS: Readonly<Record<string, string>> = {
  'users.password_hash': 'a password hash is a secret: imported accounts set a password with "Forgot password" or sign in through single sign-on',
  'identity_providers.client_secret': "the identity provider's client secret is a credential: enter it again after an import",
};

export function exportTable(name: string): ExportTable | undefined {
  return EXPORTED_TABLES.find((t) => t.name === name);
}
