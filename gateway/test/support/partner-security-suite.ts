import { createOpenApiValidator, documented, waitFor } from '@travel/testkit';
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

/** The codes answered before the rate limit (steps 1 to 4), which carry no `RateLimit-*` headers. */
const BEFORE_RATE_LIMIT = new Set([
  'unauthorized',
  'forbidden',
  'scope_disabled',
  'insufficient_scope',
  'api_disabled',
]);

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
      if (BEFORE_RATE_LIMIT.has(code)) {
        documented('gateway/openapi/partner.texts.yaml', 'the answers of steps 1 to 4 carry none');
        documented(
          'gateway/openapi/partner.texts.yaml',
          '- `forbidden`, `scope_disabled`, `insufficient_scope`: as in the key checks (no `RateLimit-*` headers);',
        );
        expect(res.headers.get('ratelimit-limit')).toBeNull();
        expect(res.headers.get('ratelimit-remaining')).toBeNull();
        expect(res.headers.get('ratelimit-reset')).toBeNull();
      }
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
    it('when the key has expired, then 401 unauthorized', async () => {
      // The five refusals of a key are the tests above and this one.
      documented(
        'gateway/openapi/partner.texts.yaml',
        '**Authenticate**: a missing, malformed, unknown, revoked or expired key is `401 unauthorized`; a key of a suspended client is `403 forbidden`.',
      );
      documented(
        'gateway/openapi/partner.texts.yaml',
        '| 401 | `unauthorized` | Missing, malformed, unknown, revoked or expired key |',
      );
      documented(
        'docs/access.md',
        '**authenticate** (`verifyKey`): missing, malformed, unknown, revoked, expired → `401 unauthorized`; suspended client → `403 forbidden`.',
      );
      await expectRejected(bearer(fixture().expiredKey), 401, 'unauthorized');
    });
    it('when the client is suspended, then 403 forbidden', async () => {
      documented(
        'gateway/openapi/partner.texts.yaml',
        "| 403 | `forbidden` | Client suspended, or the client address is not on the key's allow-list |",
      );
      await expectRejected(bearer(fixture().suspendedClientKey), 403, 'forbidden');
    });
    it('when the address is not on the allow-list, then 403 forbidden', async () => {
      documented(
        'gateway/openapi/partner.texts.yaml',
        "**IP allow-list**: a client address not on the key's list is `403 forbidden` (an empty list allows any address).",
      );
      documented('docs/access.md', '**IP allow-list** → `403 forbidden`.');
      await expectRejected(bearer(fixture().ipLimitedKey), 403, 'forbidden');
    });
    it('when an untrusted peer sends an allowed address in X-Forwarded-For, then it is ignored: 403 forbidden', async () => {
      documented(
        'gateway/openapi/partner.texts.yaml',
        'An `X-Forwarded-For` sent through an untrusted peer changes nothing.',
      );
      await expectRejected(
        { ...bearer(fixture().ipLimitedKey), 'x-forwarded-for': '203.0.113.7' },
        403,
        'forbidden',
      );
    });
    if (scope !== null) {
      it(`when the key lacks ${scope}, then 403 insufficient_scope`, async () => {
        documented(
          'gateway/openapi/partner.texts.yaml',
          "**Scope**: a key without the route's scope is `403 insufficient_scope`",
        );
        documented(
          'gateway/openapi/partner.texts.yaml',
          "| 403 | `insufficient_scope` | The key lacks the route's scope |",
        );
        documented(
          'gateway/openapi/partner.texts.yaml',
          "- `insufficient_scope`: the key lacks the route's scope.",
        );
        documented('docs/access.md', '**scope** → `403 insufficient_scope`.');
        await expectRejected(bearer(await fixture().keyWithout(scope)), 403, 'insufficient_scope');
      });
      it(`when ${scope} is switched off platform-wide, then 403 scope_disabled`, async () => {
        documented(
          'gateway/openapi/partner.texts.yaml',
          "the route's scope switched off platform-wide is `403 scope_disabled`",
        );
        documented(
          'gateway/openapi/partner.texts.yaml',
          "| 403 | `scope_disabled` | The route's scope is switched off platform-wide |",
        );
        documented(
          'gateway/openapi/partner.texts.yaml',
          "- `scope_disabled`: the route's scope is switched off platform-wide;",
        );
        documented('docs/access.md', "the route's scope off → `403 scope_disabled`");
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
        documented(
          'gateway/openapi/partner.texts.yaml',
          '**Tenant link**: bookings and invoices belong to a tenant, so their routes need a key whose client is linked to one; otherwise `403 client_not_linked`.',
        );
        documented(
          'gateway/openapi/partner.texts.yaml',
          '| 403 | `client_not_linked` | Bookings and invoices: the client is not linked to a tenant |',
        );
        documented(
          'gateway/openapi/partner.texts.yaml',
          "- `client_not_linked`: the key's client is not linked to a tenant (after the rate limit, so with `RateLimit-*` headers).",
        );
        documented(
          'gateway/openapi/partner.texts.yaml',
          "- `client_not_linked`: the key's client is not linked to a tenant;",
        );
        documented(
          'docs/access.md',
          '**tenant link**: a route declared `tenantLinked` (bookings; invoices later) refuses a key whose client has no tenant: `403 client_not_linked`.',
        );
        const res = await expectRejected(bearer(fixture().unlinkedClientKey), 403, 'client_not_linked');
        expect(res.headers.get('ratelimit-limit')).toBe('100');
      });
    }
    it('when the API is switched off, then 503 api_disabled', () => {
      documented(
        'gateway/openapi/partner.texts.yaml',
        '**Platform switches**: the API switched off is `503 api_disabled`',
      );
      documented(
        'gateway/openapi/partner.texts.yaml',
        '| 503 | `api_disabled` | The API is switched off by the platform administrator |',
      );
      documented(
        'gateway/openapi/partner.texts.yaml',
        '- `api_disabled`: the platform administrator has switched the API off (a platform switch, answered before the rate limit, without `RateLimit-*` headers);',
      );
      documented('docs/access.md', '**platform switches**: API off → `503 api_disabled`');
      return fixture().withSwitches({ apiEnabled: false }, async () => {
        // A switch reaches the gateway over Kafka a moment after the admin call answered.
        await waitFor(() => expectRejected(bearer(fixture().fullKey), 503, 'api_disabled'), {
          timeoutMs: 2000,
          intervalMs: 50,
        });
      });
    });
    it('when the rate limit is used up, then 429 rate_limited with Retry-After and RateLimit-* headers', async () => {
      documented(
        'gateway/openapi/partner.texts.yaml',
        'Over the limit is `429 rate_limited` with `Retry-After` (whole seconds).',
      );
      documented(
        'gateway/openapi/partner.texts.yaml',
        'Every response from this step on, success or error, carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds); the answers of steps 1 to 4 carry none.',
      );
      documented(
        'docs/access.md',
        'Every answer from here on carries `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset`; a refusal is `429 rate_limited` with `Retry-After`.',
      );
      documented(
        'gateway/openapi/partner.texts.yaml',
        "`rate_limited`: the key's limit for the current window is used up",
      );
      const res = await expectRejected(bearer(await fixture().exhaustedKey()), 429, 'rate_limited');
      expect(res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
      expect(res.headers.get('ratelimit-limit')).toBe('1');
      expect(res.headers.get('ratelimit-remaining')).toBe('0');
      expect(res.headers.get('ratelimit-reset')).toMatch(/^[1-9]\d*$/);
    });
  });
}
