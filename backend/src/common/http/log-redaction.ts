/** What a secret is replaced with in the logs. */
export const REDACTED = '[REDACTED]';

/**
 * Query parameters whose value is a secret wherever they appear: calendar feed tokens, download
 * tickets, verification and reset links, and anything an OpenID Connect callback or a careless
 * client might put in a URL.
 */
const SECRET_NAME = /token|ticket|passw|secret|key|signature|^sig$|auth|^code$|^state$|session|credential/i;

/**
 * A value that looks like a bearer secret even under an innocent name: 32 or more characters of
 * the alphabets tokens are written in (base64url, hex, a JWT's dots). Record ids are UUIDs with
 * dashes every few characters, so they stay readable in the logs.
 */
const TOKEN_LIKE = /^[A-Za-z0-9_\-.~+/=]{32,}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function looksSecret(value: string): boolean {
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    // A malformed escape is logged as it came, judged as it is.
  }
  return TOKEN_LIKE.test(decoded) && !UUID.test(decoded);
}

/**
 * The request URL as it may be logged: secret query values and token-like path segments are
 * replaced with [REDACTED]; the rest (path, ids, dates, parameter names) stays for debugging.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  const query = queryAt < 0 ? undefined : url.slice(queryAt + 1);
  const safePath = path
    .split('/')
    .map((segment) => (looksSecret(segment) ? REDACTED : segment))
    .join('/');
  if (query === undefined) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return looksSecret(pair) ? REDACTED : pair;
      const name = pair.slice(0, eq);
      let decodedName = name;
      try {
        decodedName = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // judged as it came
      }
      const value = pair.slice(eq + 1);
      return SECRET_NAME.test(decodedName) || looksSecret(value) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

/**
 * pino `redact` paths for anything structured that reaches a log line: credentials in headers
 * (the request serializer leaves headers out, this covers any other logger of them) and secret
 * fields of a body or an error's details.
 */
export const REDACT_PATHS: string[] = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...['password', 'newPassword', 'adminPassword', 'currentPassword', 'token', 'ticket', 'secret', 'challenge', 'twoFactorCode', 'recoveryCodes', 'otpauthUri'].flatMap((field) => [
    field,
    `*.${field}`,
    `*.*.${field}`,
  ]),
];
