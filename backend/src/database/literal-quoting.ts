import { type Configuration, PostgreSqlDriver, PostgreSqlPlatform } from '@mikro-orm/postgresql';

/**
 * `value` as a PostgreSQL string literal, exactly as MikroORM's platform quotes it (libpq's
 * PQescapeLiteral: quotes doubled; when there is a backslash, backslashes doubled in an E'' string),
 * in two native replaces. MikroORM 7 writes every parameter into the statement's text, and its
 * escapeLiteral appends one character at a time: an email's body, an activity-log entry's JSON or
 * a repair's row list of 100 KB became a string of a hundred thousand pieces, which the socket then
 * flattened to send. literal-quoting.spec.ts compares the two.
 */
export function quoteLiteral(value: string): string {
  const quoted = `'${value.replaceAll("'", "''")}'`;
  return value.includes('\\') ? ` E${quoted.replaceAll('\\', '\\\\')}` : quoted;
}

/**
 * PostgreSQL's platform with quoteLiteral for every string parameter the app's statements carry
 * (escapeLiteral, the one it replaces, is private: `escape` is where strings reach it).
 */
export class AppPostgreSqlPlatform extends PostgreSqlPlatform {
  override escape(value: unknown): string {
    return typeof value === 'string' ? quoteLiteral(value) : super.escape(value);
  }
}

/**
 * The PostgreSQL driver on AppPostgreSqlPlatform (mikro-orm.config.ts's `driver`). MikroORM asks the
 * driver for its platform once it is built (and hands it to the connections when the metadata is
 * set), so the platform is swapped before anything has used PostgreSqlDriver's own.
 */
export class AppPostgreSqlDriver extends PostgreSqlDriver {
  constructor(config: Configuration) {
    super(config);
    // `platform` is protected readonly, set by AbstractSqlDriver's constructor from PostgreSqlDriver's.
    (this as unknown as { platform: PostgreSqlPlatform }).platform = new AppPostgreSqlPlatform();
  }
}
