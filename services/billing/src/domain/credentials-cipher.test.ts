import { createCipheriv, randomBytes } from 'node:crypto';
import { createSealer, SealingError } from '@travel/sealing';
import { createCredentialsCipher } from './credentials-cipher';

const key = randomBytes(32);
const cipher = createCredentialsCipher(createSealer({ keys: new Map([['k1', key]]), activeKid: 'k1' }));
const secret = { keyId: 'rzp_live_abc', keySecret: 'very-secret-value' };

describe('credentials cipher', () => {
  it('when credentials are sealed, then the stored text holds no secret and opens back to them on that gateway', () => {
    const sealed = cipher.seal('pgw_1', secret);
    expect(sealed).not.toContain('very-secret-value');
    expect(sealed).not.toContain('rzp_live_abc');
    expect(cipher.open('pgw_1', sealed)).toEqual(secret);
    expect(cipher.isCurrent(sealed)).toBe(true);
  });

  it('when sealed credentials are copied onto another gateway, then they do not open there', () => {
    const sealed = cipher.seal('pgw_1', secret);
    expect(() => cipher.open('pgw_2', sealed)).toThrow(SealingError);
  });

  it('when a value of the first cipher is read and its key is in SEALING_KEYS, then it opens and is not current', () => {
    const iv = randomBytes(12);
    const first = createCipheriv('aes-256-gcm', key, iv);
    const data = Buffer.concat([first.update(JSON.stringify(secret), 'utf8'), first.final()]);
    const old = {
      iv: iv.toString('base64'),
      tag: first.getAuthTag().toString('base64'),
      data: data.toString('base64'),
    };
    expect(cipher.open('pgw_7', old)).toEqual(secret);
    expect(cipher.isCurrent(old)).toBe(false);
  });
});
