export class HealthDto {
  /** `ok` when the app can serve requests, `degraded` when the database is unreachable. */
  status!: 'ok' | 'degraded';
  /** Whether the database answered a query just now. */
  database!: 'up' | 'down';
  /** Why the database check failed, when it did. */
  reason?: string;
}
