import { createCipheriv, randomBytes } from 'node:crypto';
import { createSealer, SealingError } from '@travel/sealing';
import { createPaymentGatewayRepository } from '../src/db/payment-gateway.repository';
import { createCredentialsCipher } from '../src/domain/credentials-cipher';
import { resealCredentials } from '../src/jobs/reseal-credentials';
import { type Billing, staff, startBilling, TEST_SEALING_KEYS } from './billing.fixture';

// Issue 30: payment-gateway credentials sealed with the gateway id bound; values of billing's first cipher
// (no key id, no gateway bound) re-sealed by the reseal command once their old key is listed in SEALING_KEYS.
let world: Billing;
beforeAll(async () => {
  world = await startBilling();
});
afterAll(async () => {
  await world?.stop();
});

const SECRET = 'sk_live_sealed-4242';
const gateways = () => world.db.collection('payment_gateways');
const keyOf = (entry: string) => Buffer.from(entry.slice(entry.indexOf(':') + 1), 'base64');
const create = async () =>
  (
    await world.gateways.createPaymentGateway({
      caller: staff,
      provider: 'stripe',
      displayName: `Sealed ${randomBytes(4).toString('hex')}`,
      credentials: { secretKey: SECRET, webhookSecret: 'whsec_sealed' },
    })
  ).gateway?.id ?? '';

/** What billing stored before sealing v1: AES-256-GCM under PAYMENT_CREDENTIALS_KEY, no associated data. */
function firstCipher(key: Buffer, credentials: Record<string, string>) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(credentials), 'utf8'), cipher.final()]);
  return {
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  };
}

describe('payment-gateway credentials at rest', () => {
  it('when sealed credentials are copied onto another gateway, then they do not open there', async () => {
    const [first, second] = [await create(), await create()];
    const stored = await gateways().findOne({ _id: first as never });
    expect(JSON.stringify(stored)).not.toContain(SECRET);
    const cipher = createCredentialsCipher(
      createSealer({ keys: new Map([['t1', keyOf(TEST_SEALING_KEYS)]]), activeKid: 't1' }),
    );
    expect(cipher.open(first, stored?.credentials)).toEqual({
      secretKey: SECRET,
      webhookSecret: 'whsec_sealed',
    });
    expect(() => cipher.open(second, stored?.credentials)).toThrow(SealingError);
  });

  it('when credentials of the first cipher are in the store and the old key is listed, then reseal seals them under the active key with their gateway bound', async () => {
    const id = await create();
    const oldKey = randomBytes(32);
    await gateways().updateOne(
      { _id: id as never },
      { $set: { credentials: firstCipher(oldKey, { secretKey: 'sk_old_1' }) } },
    );
    const sealer = createSealer({
      keys: new Map([
        ['payment', oldKey],
        ['t1', keyOf(TEST_SEALING_KEYS)],
      ]),
      activeKid: 't1',
    });
    const cipher = createCredentialsCipher(sealer);
    const repository = createPaymentGatewayRepository(world.db);
    const count = await resealCredentials({ gateways: repository, cipher });
    expect(count.resealed).toBeGreaterThanOrEqual(1);
    expect(count.unopenable).toBe(0);
    const stored = await gateways().findOne({ _id: id as never });
    expect(stored?.credentials).toEqual(expect.stringMatching(/^sealed:v1:t1:/));
    expect(cipher.open(id, stored?.credentials)).toEqual({ secretKey: 'sk_old_1' });
    expect(await resealCredentials({ gateways: repository, cipher })).toMatchObject({
      resealed: 0,
      unopenable: 0,
    });
  });
});
