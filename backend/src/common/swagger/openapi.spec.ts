import { sortKeys } from './openapi';

describe('sortKeys', () => {
  it('orders object keys at every depth and keeps array order', () => {
    const sorted = sortKeys({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: 2 } });
    expect(JSON.stringify(sorted)).toBe('{"a":{"c":2,"d":[3,{"y":2,"z":1}]},"b":1}');
  });
});
