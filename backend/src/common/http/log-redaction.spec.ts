import { redactUrl } from './log-redaction';

describe('redactUrl', () => {
  const token = 'Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXg';

  it('redacts secret query parameters by name, whatever their spelling or value', () => {
    expect(redactUrl('/api/calendar/subscribe/all-duties?token=abc')).toBe('/api/calendar/subscribe/all-duties?token=[REDACTED]');
    expect(redactUrl('/x?TOKEN=a&%74icket=b&new_password=c&access_token=d&code=e&state=f')).toBe(
      '/x?TOKEN=[REDACTED]&%74icket=[REDACTED]&new_password=[REDACTED]&access_token=[REDACTED]&code=[REDACTED]&state=[REDACTED]',
    );
  });

  it('redacts token-like values and path segments but keeps ids, dates and ordinary words', () => {
    expect(redactUrl(`/api/calendar/subscribe/${token}`)).toBe('/api/calendar/subscribe/[REDACTED]');
    expect(redactUrl(`/api/x?t=${token}&${token}`)).toBe('/api/x?t=[REDACTED]&[REDACTED]');
    const plain = '/api/staff/5f0c1a52-8a5e-4d4e-9b7a-0d3c2f1e4b6a?startDate=2025-09-01&status=pending';
    expect(redactUrl(plain)).toBe(plain);
  });

  it('survives malformed escapes', () => {
    expect(redactUrl('/x?%E0%A4%A=1&token=%')).toBe('/x?%E0%A4%A=1&token=[REDACTED]');
  });
});
