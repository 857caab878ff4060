import { classifyHost } from './organization-host';

describe('classifyHost', () => {
  it('is a single-host install without a base domain', () => {
    expect(classifyHost('stmarys.dutymanager.app', undefined)).toEqual({ kind: 'single' });
    expect(classifyHost('localhost', undefined)).toEqual({ kind: 'single' });
  });

  it.each(['dutymanager.app', 'www.dutymanager.app', 'DutyManager.App', 'dutymanager.app.'])('reads %s as the bare domain', (host) => {
    expect(classifyHost(host, 'dutymanager.app')).toEqual({ kind: 'bare' });
  });

  it.each([
    ['stmarys.dutymanager.app', 'dutymanager.app', 'stmarys'],
    ['StMarys.DutyManager.app.', 'dutymanager.app', 'stmarys'],
    ['stmarys.localhost', 'localhost', 'stmarys'],
    ['a.b.dutymanager.app', 'dutymanager.app', 'a.b'],
  ])('reads %s under %s as the organisation %s', (host, base, subdomain) => {
    expect(classifyHost(host, base)).toEqual({ kind: 'organization', subdomain });
  });

  it.each(['127.0.0.1', '::1', 'app.internal', 'evil-dutymanager.app', 'dutymanager.app.evil.example', ''])(
    'serves %j like a single-host install',
    (host) => {
      expect(classifyHost(host, 'dutymanager.app')).toEqual({ kind: 'single' });
    },
  );
});
