import { ConfigurationError, organizationUrl, smtpServer, validateEnv, wantsMailCatcher } from './env';

describe('validateEnv', () => {
  it('fills every default when nothing is set', () => {
    const env = validateEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.NODE_ENV).toBe('development');
    expect(env.APP_TIMEZONE).toBe('Europe/London');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.EMBEDDED_PG_DIR).toMatch(/\.data[\\/]postgres$/);
    expect(env.SERVE_STATIC).toBe(true);
  });

  it('converts numbers and booleans from their string form', () => {
    const env = validateEnv({ PORT: '8080', EMBEDDED_PG_PORT: '60000', SERVE_STATIC: 'false' });
    expect(env).toMatchObject({ PORT: 8080, EMBEDDED_PG_PORT: 60000, SERVE_STATIC: false });
  });

  it('treats an empty value as unset', () => {
    expect(validateEnv({ PORT: '', DATABASE_URL: '' })).toMatchObject({ PORT: 3000, DATABASE_URL: undefined });
  });

  it.each([
    ['PORT', 'abc', /PORT must be a whole number between 1 and 65535 \(got "abc"\)/],
    ['PORT', '70000', /PORT must be a whole number/],
    ['DATABASE_URL', 'mysql://x@y/z', /DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/],
    ['APP_NOW', 'next tuesday', /APP_NOW must be a date or date-time/],
    ['APP_TIMEZONE', 'Mars/Olympus', /APP_TIMEZONE must be an IANA time zone/],
    ['NODE_ENV', 'staging', /NODE_ENV must be one of/],
    ['SERVE_STATIC', 'maybe', /SERVE_STATIC must be true or false/],
    ['APP_BASE_DOMAIN', 'https://dutymanager.app', /APP_BASE_DOMAIN must be a host name/],
    ['APP_BASE_DOMAIN', 'dutymanager.app:3000', /APP_BASE_DOMAIN must be a host name/],
    ['APP_BASE_DOMAIN', 'dutymanager.app/x', /APP_BASE_DOMAIN must be a host name/],
    ['APP_BASE_DOMAIN', '.dutymanager.app', /APP_BASE_DOMAIN must be a host name/],
    ['APP_BASE_DOMAIN', '10.0.0.1', /APP_BASE_DOMAIN must be a host name/],
    ['APP_BASE_DOMAIN', '-bad.example', /APP_BASE_DOMAIN must be a host name/],
  ])('stops with one line naming %s when it is %p', (name, value, message) => {
    let error: unknown;
    try {
      validateEnv({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    const text = (error as Error).message;
    expect(text).toMatch(message);
    expect(text).toContain(name);
    expect(text.split('\n')).toHaveLength(1);
  });

  it('accepts a postgres URL and a pinned clock', () => {
    const env = validateEnv({ DATABASE_URL: 'postgres://u:p@db:5432/dm', APP_NOW: '2025-09-08T09:00' });
    expect(env.DATABASE_URL).toBe('postgres://u:p@db:5432/dm');
    expect(env.APP_NOW).toBe('2025-09-08T09:00');
  });

  it('keeps only its own variables', () => {
    const env = validateEnv({ PATH: '/usr/bin', SECRET_OF_SOMEONE_ELSE: 'x' });
    expect(Object.keys(env)).not.toContain('PATH');
    expect(Object.keys(env)).not.toContain('SECRET_OF_SOMEONE_ELSE');
  });

  it('accepts a base domain, lower-cased, with or without its final dot', () => {
    expect(validateEnv({ APP_BASE_DOMAIN: 'DutyManager.app' }).APP_BASE_DOMAIN).toBe('dutymanager.app');
    expect(validateEnv({ APP_BASE_DOMAIN: 'rota.example.sch.uk.' }).APP_BASE_DOMAIN).toBe('rota.example.sch.uk');
    expect(validateEnv({ APP_BASE_DOMAIN: 'localhost' }).APP_BASE_DOMAIN).toBe('localhost');
  });
});

describe('mail settings', () => {
  const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) };
  const failure = (raw: Record<string, string>) => {
    try {
      validateEnv(raw);
    } catch (e) {
      return (e as Error).message;
    }
    return undefined;
  };

  it('refuses a production start that names no mail server, saying how to turn email off', () => {
    expect(failure(production)).toBe(
      'Invalid configuration: SMTP_URL is required in production: the smtp:// or smtps:// URL of your mail server, or off to run without email (it is missing)',
    );
    expect(smtpServer(validateEnv({ ...production, SMTP_URL: 'off' }))).toBeUndefined();
    expect(smtpServer(validateEnv({ ...production, SMTP_URL: 'smtps://u:p@mail.example.com:465' }))).toBe('smtps://u:p@mail.example.com:465');
  });

  it('refuses an SMTP_URL that is neither a mail server nor off', () => {
    expect(failure({ SMTP_URL: 'http://mail.example.com' })).toMatch(/^Invalid configuration: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL, or off \(got "http/);
    expect(failure({ ...production, SMTP_URL: 'Off' })).toMatch(/SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL, or off/);
    expect(failure({ MAIL_CATCHER_PORT: '80' })).toMatch(/MAIL_CATCHER_PORT must be a whole number between 1024 and 65535/);
  });

  it('runs the local mail catcher only on a laptop without any SMTP_URL', () => {
    expect(wantsMailCatcher(validateEnv({}))).toBe(true);
    expect(wantsMailCatcher(validateEnv({ SMTP_URL: 'off' }))).toBe(false);
    expect(wantsMailCatcher(validateEnv({ SMTP_URL: 'smtp://127.0.0.1:2525' }))).toBe(false);
    // Tests run without mail, or with their own sink.
    expect(wantsMailCatcher(validateEnv({ NODE_ENV: 'test' }))).toBe(false);
    expect(validateEnv({}).MAIL_CATCHER_DIR).toMatch(/\.data[\\/]mail$/);
  });
});

describe('organizationUrl', () => {
  it('is the one address of a single-host install', () => {
    expect(organizationUrl({ PORT: 3000, APP_URL: undefined, APP_BASE_DOMAIN: undefined }, 'stmarys')).toBe('http://localhost:3000');
    expect(organizationUrl({ PORT: 3000, APP_URL: 'https://rota.example.org/', APP_BASE_DOMAIN: undefined }, 'stmarys')).toBe(
      'https://rota.example.org',
    );
  });

  it("is the organisation's subdomain of the base domain, with APP_URL's scheme and port", () => {
    expect(organizationUrl({ PORT: 3000, APP_URL: 'https://dutymanager.app', APP_BASE_DOMAIN: 'dutymanager.app' }, 'stmarys')).toBe(
      'https://stmarys.dutymanager.app',
    );
    expect(organizationUrl({ PORT: 4100, APP_URL: undefined, APP_BASE_DOMAIN: 'localhost' }, 'stmarys')).toBe('http://stmarys.localhost:4100');
    expect(organizationUrl({ PORT: 3000, APP_URL: 'http://localhost:8080/', APP_BASE_DOMAIN: 'localhost' }, 'hill')).toBe('http://hill.localhost:8080');
  });
});
