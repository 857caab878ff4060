import { pooledSmtp } from './mail.module';

describe('pooledSmtp', () => {
  it('turns nodemailer’s connection pool on for a mail server’s URL', () => {
    expect(pooledSmtp('smtp://127.0.0.1:2525')).toBe('smtp://127.0.0.1:2525?pool=true');
  });

  it('keeps the URL’s credentials and its other settings', () => {
    expect(pooledSmtp('smtps://us%40er:p%2Fss@smtp.example.com:465/?tls.rejectUnauthorized=false')).toBe(
      'smtps://us%40er:p%2Fss@smtp.example.com:465/?tls.rejectUnauthorized=false&pool=true',
    );
  });

  it('leaves a URL that says pool=false as it is', () => {
    expect(pooledSmtp('smtp://mail.example.com?pool=false')).toBe('smtp://mail.example.com?pool=false');
  });

  it('has no URL without a mail server', () => {
    expect(pooledSmtp(undefined)).toBeUndefined();
  });
});
