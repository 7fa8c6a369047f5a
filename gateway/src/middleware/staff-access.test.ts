import { createLogger } from '@travel/logger';
import request from 'supertest';
import type { AccessDirectory, StaffSession } from '../access/access-directory';
import type { StaffTokenClaims, StaffTokenVerifier } from '../access/staff-tokens';
import { assembleApp } from '../app';
import { staffOf } from '../http/request-context';
import type { RouteAccess, RouteDefinition } from '../http/route-table';
import { authenticateStaff } from './authenticate-staff';
import { requireStaffAccess } from './require-staff-access';

const logger = createLogger({ name: 'test', level: 'silent' });
const route = (path: string, access: RouteAccess): RouteDefinition => ({
  method: 'get',
  path,
  access,
  handlers: [(_req, res) => void res.json({ data: staffOf(res) })],
});
const routes: RouteDefinition[] = [
  route('/api/admin/me', { kind: 'staff' }),
  route('/api/admin/platform', { kind: 'staff', platformOnly: true }),
  route('/api/admin/tenant', { kind: 'staff', tenantOnly: true }),
  route('/api/admin/bookings', { kind: 'staff', right: 'bookings' }),
  {
    method: 'get',
    path: '/api/public',
    access: { kind: 'public' },
    handlers: [(_req, res) => void res.json({ data: true })],
  },
];

const platformAdmin = {
  userId: 'usr_p',
  email: 'admin@example.com',
  tenantId: null,
  platform: true,
  rights: ['bookings'],
};
const tenantAgent = {
  userId: 'usr_t',
  email: 'agent@example.com',
  tenantId: 'ten_1',
  platform: false,
  rights: ['reports'],
};

/**
 * The two staff steps with tokens that are their own claims (`<userId>.<sessionId>`; anything else is not
 * genuine) and a directory that knows the sessions given; the sessions it was asked for are listed.
 */
function staffApp(sessions: Record<string, StaffSession>) {
  const asked: Array<[string, string]> = [];
  const tokens: StaffTokenVerifier = {
    verify: async (token): Promise<StaffTokenClaims | undefined> => {
      const [userId, sessionId, extra] = token.split('.');
      return userId && sessionId && extra === undefined ? { userId, sessionId } : undefined;
    },
  };
  const directory = {
    session: async (sessionId: string, userId: string) => {
      asked.push([sessionId, userId]);
      return sessions[sessionId] ?? { active: false };
    },
  } as unknown as AccessDirectory;
  const app = assembleApp(logger, routes, {
    clientAddress: (_req, _res, next) => next(),
    platform: [],
    public: [],
    partner: [],
    staff: [authenticateStaff(tokens, directory), requireStaffAccess],
    customer: [],
  });
  const call = (path: string, token?: string) => {
    const req = request(app).get(path);
    return token === undefined ? req : req.set('authorization', `Bearer ${token}`);
  };
  return { call, asked };
}

const sessions: Record<string, StaffSession> = {
  ses_p: { active: true, principal: platformAdmin },
  ses_t: { active: true, principal: tenantAgent },
  ses_ended: { active: false },
};

describe('staff authentication', () => {
  it('when a genuine token of an active session is sent, then the route sees its member with the session id', async () => {
    const { call, asked } = staffApp(sessions);
    const answer = await call('/api/admin/me', 'usr_p.ses_p');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ ...platformAdmin, sessionId: 'ses_p' });
    expect(asked).toEqual([['ses_p', 'usr_p']]);
  });

  it('when no token is sent, then 401 asks for one and no session is looked up', async () => {
    const { call, asked } = staffApp(sessions);
    const answer = await call('/api/admin/me');
    expect(answer.status).toBe(401);
    expect(answer.body.error).toMatchObject({ code: 'unauthorized' });
    expect(answer.body.error.message).toMatch(/Send your access token/);
    expect(asked).toEqual([]);
  });

  it('when the token is not genuine, then 401 says so and no session is looked up', async () => {
    const { call, asked } = staffApp(sessions);
    const answer = await call('/api/admin/me', 'forged');
    expect(answer.status).toBe(401);
    expect(answer.body.error.message).toMatch(/invalid or has expired/);
    expect(asked).toEqual([]);
  });

  it('when the session has ended, or belongs to another user than the token names, then 401 asks to sign in again', async () => {
    const { call } = staffApp(sessions);
    for (const token of ['usr_p.ses_ended', 'usr_t.ses_p']) {
      const answer = await call('/api/admin/me', token);
      expect(answer.status).toBe(401);
      expect(answer.body.error.message).toMatch(/session has ended/);
    }
  });

  it('when a route is not a staff route, then no token is asked for', async () => {
    const { call, asked } = staffApp(sessions);
    expect((await call('/api/public')).status).toBe(200);
    expect(asked).toEqual([]);
  });
});

describe('staff access rules', () => {
  it('when a route is platform only, then tenant staff are refused and platform staff pass', async () => {
    const { call } = staffApp(sessions);
    const refused = await call('/api/admin/platform', 'usr_t.ses_t');
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/Only platform administrators/);
    expect((await call('/api/admin/platform', 'usr_p.ses_p')).status).toBe(200);
  });

  it('when a route is for tenant staff, then platform staff are refused and tenant staff pass', async () => {
    const { call } = staffApp(sessions);
    const refused = await call('/api/admin/tenant', 'usr_p.ses_p');
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/for tenant staff/);
    expect((await call('/api/admin/tenant', 'usr_t.ses_t')).status).toBe(200);
  });

  it('when a route needs a right, then a role without it is refused with the right named, and one with it passes', async () => {
    const { call } = staffApp(sessions);
    const refused = await call('/api/admin/bookings', 'usr_t.ses_t');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 'forbidden',
      message: 'Your role lacks the right bookings.',
    });
    expect((await call('/api/admin/bookings', 'usr_p.ses_p')).status).toBe(200);
  });

  it('when a route has no rule beyond staff, then any active member passes', async () => {
    const { call } = staffApp(sessions);
    expect((await call('/api/admin/me', 'usr_t.ses_t')).status).toBe(200);
  });
});
