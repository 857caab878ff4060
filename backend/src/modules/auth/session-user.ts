import { preparedStatement } from '../../database/prepared-read';
/**
 * The signed-in user with their organisation, read on every authenticated request by the JWT
 * strategy: one raw statement selecting the columns MikroORM selects for the two entities (the
 * user's without the lazy password hash, only whether there is one; the organisation's prefixed
 * `o__`), without paying for the ORM building the query. The strategy reads the row as it is
 * (mapping it to entities cost more than the statement); the columns stay those of the entities so
 * the row can still be mapped with `em.map`. session-user.spec.ts checks the lists against the
 * entities' metadata, so a column added to either entity cannot be left out here.
 */
export const SESSION_USER_COLUMNS = [
  'id',
  'organization_id',
  'email',
  'name',
  'role',
  'is_active',
  'email_verified',
  'last_login',
  'token_version',
  'two_factor_enabled',
  'created_at',
  'updated_at',
] as const;

/** User.hasPassword (a formula), under its column name. */
export const SESSION_USER_FORMULAS = { has_password: 'u.password_hash is not null' } as const;

export const SESSION_ORGANIZATION_COLUMNS = [
  'id',
  'name',
  'subdomain',
  'type',
  'settings',
  'is_active',
  'timezone',
  'region',
  'trial_ends_at',
  'require_admin_two_factor',
  'deletion_requested_at',
  'deletion_due_at',
  'deletion_requested_by',
  'created_at',
  'updated_at',
] as const;

const ORGANIZATION_PREFIX = 'o__';

/**
 * Parameters: the session id, the organisation id and the user id (all from the token). No row
 * when the session has been ended (signed out) or has expired on the server.
 */
export const SESSION_USER_SQL = `select ${[
  ...SESSION_USER_COLUMNS.map((c) => `u.${c}`),
  ...Object.entries(SESSION_USER_FORMULAS).map(([alias, sql]) => `${sql} as ${alias}`),
  ...SESSION_ORGANIZATION_COLUMNS.map((c) => `o.${c} as ${ORGANIZATION_PREFIX}${c}`),
].join(', ')}
  from users u join organizations o on o.id = u.organization_id
  join user_sessions s on s.id = ? and s.user_id = u.id and s.organization_id = u.organization_id and s.expires_at > now()
 where u.organization_id = ? and u.id = ?`;

/** SESSION_USER_SQL as the prepared statement the JWT strategy runs (prepared-read.ts). */
export const SESSION_USER = preparedStatement('session_user', SESSION_USER_SQL);

/** A row of SESSION_USER_SQL as the user's columns and the organisation's (unprefixed): what `em.map` of each entity takes. */
export function splitSessionRow(row: Record<string, unknown>): {
  user: Record<string, unknown>;
  organization: Record<string, unknown>;
} {
  const user: Record<string, unknown> = {};
  const organization: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key.startsWith(ORGANIZATION_PREFIX)) organization[key.slice(ORGANIZATION_PREFIX.length)] = value;
    else user[key] = value;
  }
  return { user, organization };
}
