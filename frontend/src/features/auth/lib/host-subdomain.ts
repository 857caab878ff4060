const SUBDOMAIN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * The organisation subdomain the page is served on, e.g. `hillside` for
 * `hillside.dutymanager.example`, so sign-in forms can fill it in. Nothing for `localhost`, IP
 * addresses, `www.` or a bare domain. `hillside.localhost` counts, for local development.
 */
export function subdomainFromHost(hostname: string): string | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (!host || host.includes(':') || host.startsWith('[') || IPV4.test(host)) return undefined;
  const labels = host.split('.');
  const minimumLabels = labels.at(-1) === 'localhost' ? 2 : 3;
  if (labels.length < minimumLabels) return undefined;
  const [first] = labels;
  if (!first || first === 'www' || !SUBDOMAIN.test(first)) return undefined;
  return first;
}

/** The subdomain of the current page, or an empty string for a form field's initial value. */
export function currentHostSubdomain(): string {
  return subdomainFromHost(window.location.hostname) ?? '';
}
