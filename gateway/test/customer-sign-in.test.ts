import { createOpenApiValidator } from '@travel/testkit';
import { loadOpenApiDocuments } from '../src/openapi/documents';
import { type AccessHarness, startAccessHarness } from './support/access-harness';

let harness: AccessHarness;
const validate = createOpenApiValidator(
  loadOpenApiDocuments().internal as unknown as Parameters<typeof createOpenApiValidator>[0],
  '/api',
);

beforeAll(async () => {
  harness = await startAccessHarness([
    { SIGN_IN_ATTEMPTS_PER_MINUTE: '3', CUSTOMER_SIGN_IN_PER_ADDRESS_PER_MINUTE: '6' },
  ]);
});
afterAll(() => harness?.stop(), 30_000);

const post = async (path: string, body: unknown) => {
  const res = await fetch(`${harness.gateways[0]}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { error?: { code: string; message: string } };
  validate({ method: 'post', path, status: res.status, body: json });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: json };
};
const email = (name: string) => `${name}-${Date.now()}@shopper.example`;

describe('customer sign-in and registration throttling', () => {
  it('when one email or one address keeps trying, then further attempts are 429 with Retry-After and never reach identity', async () => {
    const asha = email('asha');
    const password = 'storefront-2026';
    expect((await post('/api/auth/register', { email: asha, password, fullName: 'Asha' })).status).toBe(201);
    for (const guess of ['wrong-1a', 'wrong-2b'])
      expect((await post('/api/auth/login', { email: asha, password: guess })).status).toBe(401);

    // Per email (3 a minute): the right password no longer gets through.
    const byEmail = await post('/api/auth/login', { email: asha.toUpperCase(), password });
    expect(byEmail.status).toBe(429);
    expect(Number(byEmail.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(byEmail.body.error?.message).toMatch(/for this email/);

    // Per address (6 a minute): other emails from the same address run out too.
    expect((await post('/api/auth/login', { email: email('b'), password })).status).toBe(401);
    expect((await post('/api/auth/login', { email: email('c'), password })).status).toBe(401);
    const byAddress = await post('/api/auth/register', { email: email('d'), password, fullName: 'D' });
    expect(byAddress.status).toBe(429);
    expect(byAddress.body.error?.message).toMatch(/from your address/);

    expect(harness.calls.filter((call) => call === 'customers.loginCustomer')).toHaveLength(4);
    expect(harness.calls.filter((call) => call === 'customers.registerCustomer')).toHaveLength(1);
  });
});
