import { createOpenApiValidator, waitFor } from '@travel/testkit';
import type { AppDeps } from '../../src/app';
import { allRoutes } from '../../src/app';
import type { RouteDefinition } from '../../src/http/route-table';
import { loadOpenApiDocuments } from '../../src/openapi/documents';
import type { CallLog } from './access-harness';

/** Keys and switches the suite needs, made by the test file through the real admin API. */
export interface SecurityFixture {
  gateway: string;
  calls: CallLog;
  /** A key of an active client with every scope. */
  fullKey: string;
  revokedKey: string;
  expiredKey: string;
  suspendedClientKey: string;
  /** Allows only 203.0.113.0/24. */
  ipLimitedKey: string;
  /** A key with every scope of a client that is not linked to a tenant. */
  unlinkedClientKey: string;
  /** A key with every scope except `scope`. */
  keyWithout(scope: string): Promise<string>;
  /** A key whose limit is already used up. */
  exhaustedKey(): Promise<string>;
  /** Changes the platform switches and waits until the gateway applies them. */
  withSwitches(
    change: { apiEnabled?: boolean; disabledScopes?: string[] },
    run: () => Promise<void>,
  ): Promise<void>;
}

const documents = loadOpenApiDocuments();
const validate = createOpenApiValidator(
  documents.partner as unknown as Parameters<typeof createOpenApiValidator>[0],
  '/api/v1',
);

/** Every partner route of the gateway (read from its route table), with a concrete path to call. */
type PartnerRoute = RouteDefinition & { access: Extract<RouteDefinition['access'], { kind: 'partner' }> };

export function partnerRoutes(): PartnerRoute[] {
  return allRoutes({ documents, clients: {} } as unknown as AppDeps).filter(
    (route): route is PartnerRoute => route.access.kind === 'partner',
  );
}

/**
 * The same security checks on every partner route (docs/access.md, "A partner call") (plus the tenant link where a route needs it). Each answers the exact status and
 * code in the documented error envelope, and the request reaches no service.
 */
export function describePartnerSecurity(fixture: () => SecurityFixture) {
  describe.each(
    partnerRoutes().map((route) => [`${route.method.toUpperCase()} ${route.path}`, route] as const),
  )('%s', (_name, route) => {
    const path = route.path.replace(/:(\w+)/g, 'x_$1');
    const scope = route.access.scope;

    const call = (headers: Record<string, string>) =>
      fetch(`${fixture().gateway}${path}`, {
        method: route.method.toUpperCase(),
        headers: { 'content-type': 'application/json', ...headers },
        body: route.method === 'get' || route.method === 'delete' ? undefined : '{}',
      });

    async function expectRejected(
      headers: Record<string, string>,
      status: number,
      code: string,
    ): Promise<Response> {
      const { calls } = fixture();
      const before = calls.length;
      const res = await call(headers);
      const body = (await res.json()) as { error: { code: string; requestId: string } };
      expect({ status: res.status, code: body.error?.code }).toEqual({ status, code });
      expect(body.error.requestId).toBe(res.headers.get('x-request-id'));
      validate({ method: route.method, path, status: res.status, body });
      expect(calls.slice(before)).toEqual([]);
      return res;
    }
    const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

    it('when no key is sent, then 401 unauthorized', () => expectRejected({}, 401, 'unauthorized'));
    it('when the key is malformed, then 401 unauthorized', () =>
      expectRejected(bearer('not-a-key'), 401, 'unauthorized'));
    it('when the key is unknown, then 401 unauthorized', () =>
      expectRejected(bearer(`ptk_live_${'Z'.repeat(32)}`), 401, 'unauthorized'));
    it('when the key is revoked, then 401 unauthorized', () =>
      expectRejected(bearer(fixture().revokedKey), 401, 'unauthorized'));
    it('when the key has expired, then 401 unauthorized', () =>
      expectRejected(bearer(fixture().expiredKey), 401, 'unauthorized'));
    it('when the client is suspended, then 403 forbidden', () =>
      expectRejected(bearer(fixture().suspendedClientKey), 403, 'forbidden'));
    it('when the address is not on the allow-list, then 403 forbidden', () =>
      expectRejected(bearer(fixture().ipLimitedKey), 403, 'forbidden'));
    it('when an untrusted peer sends an allowed address in X-Forwarded-For, then it is ignored: 403 forbidden', () =>
      expectRejected(
        { ...bearer(fixture().ipLimitedKey), 'x-forwarded-for': '203.0.113.7' },
        403,
        'forbidden',
      ));
    if (scope !== null) {
      it(`when the key lacks ${scope}, then 403 insufficient_scope`, async () =>
        expectRejected(bearer(await fixture().keyWithout(scope)), 403, 'insufficient_scope'));
      it(`when ${scope} is switched off platform-wide, then 403 scope_disabled`, async () => {
        await fixture().withSwitches({ disabledScopes: [scope] }, async () => {
          // A switch reaches the gateway over Kafka a moment after the admin call answered.
          await waitFor(() => expectRejected(bearer(fixture().fullKey), 403, 'scope_disabled'), {
            timeoutMs: 2000,
            intervalMs: 50,
          });
        });
        // Switched back on: the next check of this route starts once the gateway heard it (GET /me, which
        // withSwitches waits on, needs no scope, so it cannot tell).
        await waitFor(
          async () => {
            const res = await call(bearer(fixture().fullKey));
            const body = (await res.json()) as { error?: { code: string } };
            expect(body.error?.code).not.toBe('scope_disabled');
          },
          { timeoutMs: 5000, intervalMs: 50 },
        );
      });
    }
    if (route.access.tenantLinked) {
      it('when the client is not linked to a tenant, then 403 client_not_linked with RateLimit-* headers', async () => {
        const res = await expectRejected(bearer(fixture().unlinkedClientKey), 403, 'client_not_linked');
        expect(res.headers.get('ratelimit-limit')).toBe('100');
      });
    }
    it('when the API is switched off, then 503 api_disabled', () =>
      fixture().withSwitches({ apiEnabled: false }, async () => {
        // A switch reaches the gateway over Kafka a moment after the admin call answered.
        await waitFor(() => expectRejected(bearer(fixture().fullKey), 503, 'api_disabled'), {
          timeoutMs: 2000,
          intervalMs: 50,
        });
      }));
    it('when the rate limit is used up, then 429 rate_limited with Retry-After and RateLimit-* headers', async () => {
      const res = await expectRejected(bearer(await fixture().exhaustedKey()), 429, 'rate_limited');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(res.headers.get('ratelimit-limit')).toBe('1');
      expect(res.headers.get('ratelimit-remaining')).toBe('0');
      expect(Number(res.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(1);
    });
  });
}
