import request from 'supertest';
import type { RouteAccess } from '../http/route-table';
import { partnerTestApp, testKey } from './middleware.fixture';

const reached: string[] = [];
const route = (path: string, access: RouteAccess) => ({
  method: 'get' as const,
  path,
  access,
  handlers: [
    (_req: unknown, res: { json(body: unknown): void }) => {
      reached.push(path);
      res.json({ data: true });
    },
  ],
});
const routes = [
  route('/linked', { kind: 'partner', scope: 'bookings:read', tenantLinked: true }),
  route('/any', { kind: 'partner', scope: 'search:read' }),
];

describe('requireTenantLink', () => {
  beforeEach(() => {
    reached.length = 0;
  });

  it('when the client has no tenant and the route needs one, then 403 client_not_linked and the handler is not run', async () => {
    const res = await request(partnerTestApp(routes, testKey({ tenantId: null }))).get('/linked');
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'client_not_linked', details: null });
    expect(reached).toEqual([]);
  });

  it('when the client has a tenant, then the route is served', async () => {
    const res = await request(partnerTestApp(routes, testKey())).get('/linked');
    expect(res.status).toBe(200);
    expect(reached).toEqual(['/linked']);
  });

  it('when the route does not need a tenant, then a client without one is served', async () => {
    const res = await request(partnerTestApp(routes, testKey({ tenantId: null }))).get('/any');
    expect(res.status).toBe(200);
    expect(reached).toEqual(['/any']);
  });
});
