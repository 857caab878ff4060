import { preparedStatement } from '../../database/prepared-read';
/**
 * The signed-in user with their organisation, read on every authenticated request by the JWT
 * strategy: one raw statement, without paying for the ORM building the query, selecting only the
 * columns the strategy reads (the organisation's prefixed `o__`). It selected every column
 * MikroORM loads for the two entities (28, with the organisation's settings as JSON and seven
 * timestamps) so the row could be mapped to them; nothing maps it, and pg's RowDescription and row
 * parsing of the 28 came to about 21 µs per request against 5 for these 12
 * (docs/performance.md#api-at-scale). session-user.spec.ts checks each is a column of its entity.
 * Code that needs more of the user or the organisation loads it with its own statement.
 */
export const SESSION_USER_COLUMNS = ['id', 'email', 'name', 'role', 'is_active', 'token_version', 'two_factor_enabled'] as const;

export const SESSION_ORGANIZATION_COLUMNS = ['subdomain', 'timezone', 'is_active', 'require_admin_two_factor', 'deletion_due_at'] as const;

const ORGANIZATION_PREFIX = 'o__';

/** The row's keys: the user's columns, then the organisation's, prefixed. */
export type SessionRowKey = (typeof SESSION_USER_COLUMNS)[number] | `${typeof ORGANIZATION_PREFIX}${(typeof SESSION_ORGANIZATION_COLUMNS)[number]}`;

/**
 * Parameters: the session id, the organisation id and the user id (all from the token). No row
 * when the session has been ended (signed out) or has expired on the server.
 */
export const SESSION_USER_SQL = `select ${[
  ...SESSION_USER_COLUMNS.map((c) => `u.${c}`),
  ...SESSION_ORGANIZATION_COLUMNS.map((c) => `o.${c} as ${ORGANIZATION_PREFIX}${c}`),
].join(', ')}
  from users u join organizations o on o.id = u.organization_id
  join user_sessions s on s.id = ? and s.user_id = u.id and s.organization_id = u.organization_id and s.expires_at > now()
 where u.organization_id = ? and u.id = ?`;

/** SESSION_USER_SQL as the prepared statement the JWT strategy runs (prepared-read.ts). */
export const SESSION_USER = preparedStatement('session_user', SESSION_USER_SQL);
