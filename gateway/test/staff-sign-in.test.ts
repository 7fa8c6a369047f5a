import { createOpenApiValidator } from '@travel/testkit';
import { DEMO_ADMIN } from '../../deploy/local/src/launcher/admin-api';
import { loadOpenApiDocuments } from '../src/openapi/documents';
import { type AccessHarness, startAccessHarness } from './support/access-harness';

let harness: AccessHarness;
const validate = createOpenApiValidator(
  loadOpenApiDocuments().internal as unknown as Parameters<typeof createOpenApiValidator>[0],
  '/api',
);

beforeAll(async () => {
  harness = await startAccessHarness([{ SIGN_IN_ATTEMPTS_PER_MINUTE: '3' }]);
});
afterAll(() => harness?.stop(), 30_000);

const signIn = (password: string) =>
  fetch(`${harness.gateways[0]}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ADMIN.email, password }),
  });

describe('staff sign-in throttling', () => {
  it('when one address keeps guessing a password, then further attempts are 429 with Retry-After', async () => {
    for (let i = 0; i < 3; i++) expect((await signIn(`wrong-guess-${i}`)).status).toBe(401);
    const refused = await signIn(DEMO_ADMIN.password);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const body = (await refused.json()) as { error: { code: string } };
    expect(body.error.code).toBe('rate_limited');
    validate({ method: 'post', path: '/api/admin/auth/login', status: 429, body });
    // Nothing reached identity: the refused attempt is not even audited as a failure.
    expect(harness.calls.filter((call) => call === 'staff.login')).toHaveLength(3);
  });
});
