import { smtpTransportOptions } from './mailer';

const relay = {
  host: 'smtp.example.com',
  port: 587,
  secure: false,
  from: 'Partner Travel <no-reply@example.com>',
};

describe('the SMTP transport', () => {
  it('when credentials are set, then TLS is required before they are sent', () => {
    const options = smtpTransportOptions({ ...relay, user: 'mailer', password: 's3cret' });
    expect(options).toMatchObject({ requireTLS: true, auth: { user: 'mailer', pass: 's3cret' } });
  });

  it('when credentials are set on an implicit-TLS port, then TLS stays required', () => {
    expect(smtpTransportOptions({ ...relay, port: 465, secure: true, user: 'mailer' }).requireTLS).toBe(true);
  });

  it('when no credentials are set (a local relay, MailDev), then plain SMTP is allowed', () => {
    const options = smtpTransportOptions(relay);
    expect(options.requireTLS).toBe(false);
    expect(options.auth).toBeUndefined();
  });
});
