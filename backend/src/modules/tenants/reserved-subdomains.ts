/** Names that would clash with our own hosts, or mislead people, as an organisation subdomain. */
const RESERVED = new Set([
  'www', 'api', 'admin', 'app', 'apps', 'mail', 'email', 'smtp', 'imap', 'pop', 'ftp', 'ns', 'ns1', 'ns2',
  'dns', 'mx', 'webmail', 'static', 'assets', 'cdn', 'media', 'files', 'docs', 'help', 'support', 'status',
  'blog', 'news', 'dev', 'staging', 'test', 'demo', 'beta', 'login', 'signin', 'signup', 'register', 'auth',
  'account', 'accounts', 'billing', 'pay', 'payments', 'dashboard', 'console', 'root', 'system', 'security',
  'calendar', 'webcal', 'internal', 'localhost', 'dutymanager', 'duty-manager',
]);

export function isReservedSubdomain(subdomain: string): boolean {
  return RESERVED.has(subdomain.toLowerCase());
}
