import { describe, expect, it } from 'vitest';

import { subdomainFromHost } from '@/features/auth/lib/host-subdomain';
import { AUTH_TOKEN_STORAGE_KEY } from '@/shared/auth/auth-token';

import { landingShowsHere, signedInPageHere } from './landing-here';

function storageWith(entries: Record<string, string>): () => Storage {
  return () => ({ getItem: (key: string) => entries[key] ?? null }) as Storage;
}

const HOSTS = [
  'localhost',
  '127.0.0.1',
  '10.0.0.12',
  '[::1]',
  '::1',
  'dutymanager.example',
  'www.dutymanager.example',
  '-bad.dutymanager.example',
  '',
  'hillside.dutymanager.example',
  'Hillside.DutyManager.example',
  'st-marys.dutymanager.co.uk',
  'hillside.localhost',
  'hillside.dutymanager.example.',
];

describe('landingShowsHere', () => {
  it.each(HOSTS)(
    'agrees with subdomainFromHost on %j: the landing page only where no school is named',
    (hostname) => {
      expect(landingShowsHere({ pathname: '/', hostname }, storageWith({}))).toBe(
        subdomainFromHost(hostname) === undefined,
      );
    },
  );

  it('is false with a stored session token, under the key the app stores it with', () => {
    const location = { pathname: '/', hostname: 'dutymanager.example' };
    expect(landingShowsHere(location, storageWith({ [AUTH_TOKEN_STORAGE_KEY]: 'a.b.c' }))).toBe(
      false,
    );
    expect(landingShowsHere(location, storageWith({ other: 'x' }))).toBe(true);
  });

  it('treats storage that throws as holding no token', () => {
    const location = { pathname: '/', hostname: 'localhost' };
    const blocked = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    expect(landingShowsHere(location, blocked)).toBe(true);
  });

  it('is false on every path but /', () => {
    for (const pathname of ['/login', '/dashboard', '/continue', '/index.html'])
      expect(landingShowsHere({ pathname, hostname: 'localhost' }, storageWith({}))).toBe(false);
  });

  it('runs from its source alone, as the build inlines it into the boot script', () => {
    // What scripts/prerender.mjs does with it.
    const standalone = new Function(
      `return (${landingShowsHere.toString()});`,
    )() as typeof landingShowsHere;
    expect(standalone({ pathname: '/', hostname: 'dutymanager.example' }, storageWith({}))).toBe(
      true,
    );
    expect(
      standalone({ pathname: '/', hostname: 'hillside.dutymanager.example' }, storageWith({})),
    ).toBe(false);
  });
});

describe('signedInPageHere', () => {
  const PATHS = ['/', '/today'];

  it('is the path at one of the paths with a stored session token, under the key the app stores it with, on any host', () => {
    const token = storageWith({ [AUTH_TOKEN_STORAGE_KEY]: 'a.b.c' });
    expect(signedInPageHere({ pathname: '/' }, token, PATHS)).toBe('/');
    expect(signedInPageHere({ pathname: '/today' }, token, PATHS)).toBe('/today');
    expect(signedInPageHere({ pathname: '/' }, storageWith({ other: 'x' }), PATHS)).toBeUndefined();
  });

  it('is undefined on every other path, and with storage that throws', () => {
    const token = storageWith({ [AUTH_TOKEN_STORAGE_KEY]: 'a.b.c' });
    for (const pathname of ['/rota', '/login', '/index.html', '/today/'])
      expect(signedInPageHere({ pathname }, token, PATHS)).toBeUndefined();
    const blocked = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    expect(signedInPageHere({ pathname: '/' }, blocked, PATHS)).toBeUndefined();
  });

  it('runs from its source alone, as the build inlines it into the boot script', () => {
    const standalone = new Function(
      `return (${signedInPageHere.toString()});`,
    )() as typeof signedInPageHere;
    const token = storageWith({ [AUTH_TOKEN_STORAGE_KEY]: 'a.b.c' });
    expect(standalone({ pathname: '/today' }, token, PATHS)).toBe('/today');
    expect(standalone({ pathname: '/' }, storageWith({}), PATHS)).toBeUndefined();
  });
});
