import { AppError } from '@travel/errors';
import { createLogger } from '@travel/logger';
import type { RequestHandler } from 'express';
import request from 'supertest';
import { createTenantViewAudit, type TenantViewAuditOptions } from '../access/tenant-view-audit';
import { assembleApp } from '../app';
import { requestContextOf, type StaffPrincipal } from '../http/request-context';
import type { RouteDefinition } from '../http/route-table';
import { auditTenantViews } from './audit-tenant-views';
import { requireStaffAccess } from './require-staff-access';

const logger = createLogger({ name: 'test', level: 'silent' });
const reached: string[] = [];
const route = (method: 'get' | 'post', path: string, right?: string): RouteDefinition => ({
  method,
  path,
  access: { kind: 'staff', ...(right && { right }) },
  handlers: [
    (req, res) => {
      reached.push(`${req.method} ${req.path}`);
      res.json({ data: true });
    },
  ],
});
const routes = [
  route('get', '/api/admin/bookings', 'bookings'),
  route('post', '/api/admin/themes/:id/activate'),
  route('get', '/api/admin/audit', 'audit'),
];

const platform: StaffPrincipal = {
  userId: 'usr_p',
  sessionId: 'ses_p',
  email: 'support@partner-travel.example',
  tenantId: null,
  platform: true,
  rights: ['bookings'],
};
const tenantStaff: StaffPrincipal = { ...platform, userId: 'usr_t', tenantId: 'ten_3', platform: false };

interface Recorded {
  action: string;
  targetType: string;
  targetId: string;
  detailsJson: string;
}

/** The staff chain with a verified member (the `x-staff` header names which) and identity faked in memory. */
function setUp(identity: { tenants?: string[]; failRecord?: boolean } = {}) {
  const { tenants = ['ten_3', 'ten_4'], failRecord = false } = identity;
  const recorded: Array<Recorded & { userId: string | undefined }> = [];
  const clients = {
    tenants: {
      getTenant: async ({ id }: { id: string }) => {
        if (!tenants.includes(id)) throw new AppError('not_found', `No tenant ${id}.`);
        return { tenant: { id } };
      },
    },
    audit: {
      recordAuditEntry: async (entry: Recorded & { caller: { userId?: string } }) => {
        if (failRecord) throw new AppError('service_unavailable');
        const { action, targetType, targetId, detailsJson, caller } = entry;
        recorded.push({ action, targetType, targetId, detailsJson, userId: caller.userId });
        return {};
      },
    },
  } as unknown as TenantViewAuditOptions['clients'];
  const audit = createTenantViewAudit({ clients, windowMs: 900_000, maxRemembered: 100, now: Date.now });
  const verified: RequestHandler = (req, res, next) => {
    requestContextOf(res).staff = req.get('x-staff') === 'tenant' ? tenantStaff : platform;
    next();
  };
  const app = assembleApp(logger, routes, {
    clientAddress: (_req, _res, next) => next(),
    platform: [],
    public: [],
    partner: [],
    staff: [verified, requireStaffAccess, auditTenantViews(audit)],
    customer: [],
  });
  const get = (path: string, staff: 'platform' | 'tenant' = 'platform') =>
    request(app).get(path).set('x-staff', staff);
  return { app, get, recorded };
}

describe('auditTenantViews', () => {
  beforeEach(() => {
    reached.length = 0;
  });

  it('when a platform member reads a tenant, then one tenant.viewed entry names them, the tenant and the route, before the route answers', async () => {
    const { get, recorded } = setUp();
    const res = await get('/api/admin/bookings?tenantId=ten_3');
    expect(res.status).toBe(200);
    expect(recorded).toEqual([
      {
        action: 'tenant.viewed',
        targetType: 'tenant',
        targetId: 'ten_3',
        detailsJson: JSON.stringify({ route: 'GET /api/admin/bookings' }),
        userId: 'usr_p',
      },
    ]);
  });

  it('when the member reads the same tenant again within the window, then nothing more is recorded; another tenant is', async () => {
    const { get, recorded } = setUp();
    await get('/api/admin/bookings?tenantId=ten_3');
    await Promise.all([get('/api/admin/bookings?tenantId=ten_3'), get('/api/admin/bookings?tenantId=ten_4')]);
    expect(recorded.map((entry) => entry.targetId)).toEqual(['ten_3', 'ten_4']);
    expect(reached).toHaveLength(3);
  });

  it('when tenant staff name their own tenant, or a platform member names none or the storefront, then nothing is recorded', async () => {
    const { get, recorded } = setUp();
    expect((await get('/api/admin/bookings?tenantId=ten_3', 'tenant')).status).toBe(200);
    expect((await get('/api/admin/bookings')).status).toBe(200);
    expect((await get('/api/admin/bookings?tenantId=storefront')).status).toBe(200);
    expect(recorded).toEqual([]);
  });

  it('when a platform member changes something naming a tenant, then the view audit leaves it to the service', async () => {
    const { app, recorded } = setUp();
    const res = await request(app).post('/api/admin/themes/thm_1/activate?tenantId=ten_3');
    expect(res.status).toBe(200);
    expect(recorded).toEqual([]);
  });

  it('when the member lacks the route’s right, then 403 and no view is recorded', async () => {
    const { get, recorded } = setUp();
    expect((await get('/api/admin/audit?tenantId=ten_3')).status).toBe(403);
    expect(recorded).toEqual([]);
  });

  it('when there is no such tenant, then nothing is recorded and the route answers as before', async () => {
    const { get, recorded } = setUp({ tenants: [] });
    expect((await get('/api/admin/bookings?tenantId=ten_9')).status).toBe(200);
    expect(recorded).toEqual([]);
  });

  it('when the entry cannot be written, then 503 service_unavailable and the route is not run (fail closed)', async () => {
    const { get } = setUp({ failRecord: true });
    const res = await get('/api/admin/bookings?tenantId=ten_3');
    expect(res.status).toBe(503);
    expect(res.body.error).toMatchObject({ code: 'service_unavailable' });
    expect(res.body.error.message).toContain('could not be audited');
    expect(reached).toEqual([]);
  });
});
