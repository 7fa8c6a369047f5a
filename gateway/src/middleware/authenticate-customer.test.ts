import { createLogger } from '@travel/logger';
import request from 'supertest';
import type { AccessDirectory, CustomerSession } from '../access/access-directory';
import type { CustomerTokenVerifier } from '../access/customer-tokens';
import { assembleApp } from '../app';
import { customerOf } from '../http/request-context';
import type { RouteDefinition } from '../http/route-table';
import { authenticateCustomer } from './authenticate-customer';

const logger = createLogger({ name: 'test', level: 'silent' });
const routes: RouteDefinition[] = [
  {
    method: 'get',
    path: '/api/profile',
    access: { kind: 'customer' },
    handlers: [(_req, res) => void res.json({ data: customerOf(res) })],
  },
];

/** Tokens that are their own claims (`<customerId>.<sessionId>`); a directory that knows the sessions given. */
function customerApp(sessions: Record<string, CustomerSession>) {
  const asked: string[] = [];
  const tokens: CustomerTokenVerifier = {
    verify: async (token) => {
      const [userId, sessionId, extra] = token.split('.');
      return userId && sessionId && extra === undefined ? { userId, sessionId } : undefined;
    },
  };
  const directory = {
    customerSession: async (sessionId: string) => {
      asked.push(sessionId);
      return sessions[sessionId] ?? { active: false };
    },
  } as unknown as AccessDirectory;
  const app = assembleApp(logger, routes, {
    clientAddress: (_req, _res, next) => next(),
    platform: [],
    public: [],
    partner: [],
    staff: [],
    customer: [authenticateCustomer(tokens, directory)],
  });
  const call = (token?: string) => {
    const req = request(app).get('/api/profile');
    return token === undefined ? req : req.set('authorization', `Bearer ${token}`);
  };
  return { call, asked };
}

const ana = { customerId: 'cus_1', email: 'ana@example.com' };
const sessions: Record<string, CustomerSession> = {
  ses_1: { active: true, principal: ana },
  ses_out: { active: false },
};

describe('customer authentication', () => {
  it('when a genuine token of an active session is sent, then the route sees its customer with the session id', async () => {
    const { call, asked } = customerApp(sessions);
    const answer = await call('cus_1.ses_1');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ ...ana, sessionId: 'ses_1' });
    expect(asked).toEqual(['ses_1']);
  });

  it('when no token, or one that is not genuine, is sent, then 401 says which and no session is looked up', async () => {
    const { call, asked } = customerApp(sessions);
    const none = await call();
    expect(none.status).toBe(401);
    expect(none.body.error).toMatchObject({ code: 'unauthorized' });
    expect(none.body.error.message).toMatch(/Send your access token/);
    const forged = await call('forged');
    expect(forged.status).toBe(401);
    expect(forged.body.error.message).toMatch(/invalid or has expired/);
    expect(asked).toEqual([]);
  });

  it('when the session was logged out, or is another customer’s, then 401 asks to sign in again', async () => {
    const { call } = customerApp(sessions);
    for (const token of ['cus_1.ses_out', 'cus_2.ses_1']) {
      const answer = await call(token);
      expect(answer.status).toBe(401);
      expect(answer.body.error.message).toMatch(/session has ended/);
    }
  });
});
