import { describe, expect, it } from 'vitest';

import { subdomainFromHost } from './host-subdomain';

describe('subdomainFromHost', () => {
  it.each([
    ['hillside.dutymanager.example', 'hillside'],
    ['Hillside.DutyManager.example', 'hillside'],
    ['st-marys.dutymanager.co.uk', 'st-marys'],
    ['hillside.localhost', 'hillside'],
    ['hillside.dutymanager.example.', 'hillside'],
  ])('reads %s as %s', (host, subdomain) => {
    expect(subdomainFromHost(host)).toBe(subdomain);
  });

  it.each([
    ['localhost'],
    ['127.0.0.1'],
    ['10.0.0.12'],
    ['[::1]'],
    ['::1'],
    ['dutymanager.example'],
    ['www.dutymanager.example'],
    ['-bad.dutymanager.example'],
    [''],
  ])('finds no organisation in %j', (host) => {
    expect(subdomainFromHost(host)).toBeUndefined();
  });
});
