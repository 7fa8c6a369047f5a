import { isValidSignature, signatureOf } from './whatsapp-signature';

describe('WhatsApp signature', () => {
  const body = Buffer.from('{"object":"whatsapp_business_account","entry":[]}');

  it('when the header is the HMAC of the raw body with the app secret, then it is valid', () => {
    expect(isValidSignature(body, signatureOf(body, 'app-secret-1'), 'app-secret-1')).toBe(true);
  });

  it('when the secret, the body or the header format differ, then it is not valid', () => {
    const good = signatureOf(body, 'app-secret-1');
    expect(isValidSignature(body, good, 'app-secret-2')).toBe(false);
    expect(isValidSignature(Buffer.from(`${body} `), good, 'app-secret-1')).toBe(false);
    expect(isValidSignature(body, good.replace('sha256=', ''), 'app-secret-1')).toBe(false);
    expect(isValidSignature(body, '', 'app-secret-1')).toBe(false);
    expect(isValidSignature(body, 'sha256=zz', 'app-secret-1')).toBe(false);
  });
});
