import { randomBytes } from 'node:crypto';
import { createCredentialsCipher } from './credentials-cipher';

describe('credentials cipher', () => {
  const cipher = createCredentialsCipher(randomBytes(32));
  const secret = { keyId: 'rzp_live_abc', keySecret: 'very-secret-value' };

  it('when credentials are sealed, then the stored text holds no secret and opens back to them', () => {
    const sealed = cipher.seal(secret);
    expect(JSON.stringify(sealed)).not.toContain('very-secret-value');
    expect(JSON.stringify(sealed)).not.toContain('rzp_live_abc');
    expect(cipher.open(sealed)).toEqual(secret);
  });

  it('when the same credentials are sealed twice, then the two ciphertexts differ (a fresh IV each time)', () => {
    expect(cipher.seal(secret).data).not.toEqual(cipher.seal(secret).data);
  });

  it('when a sealed byte is changed or another key opens it, then opening fails', () => {
    const sealed = cipher.seal(secret);
    const data = Buffer.from(sealed.data, 'base64');
    data[0] = (data[0] ?? 0) ^ 1;
    expect(() => cipher.open({ ...sealed, data: data.toString('base64') })).toThrow();
    expect(() => createCredentialsCipher(randomBytes(32)).open(sealed)).toThrow();
  });

  it('when the key is not 32 bytes, then no cipher is made', () => {
    expect(() => createCredentialsCipher(randomBytes(16))).toThrow();
  });
});
