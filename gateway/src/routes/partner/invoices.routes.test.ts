import type { billing } from '@travel/contracts';
import { caller as callerContract } from '@travel/contracts';
import request from 'supertest';
import type { ServiceClients } from '../../clients/service-clients';
import { partnerTestApp, testKey } from '../../middleware/middleware.fixture';
import { invoicesRoutes } from './invoices.routes';

const stored: billing.Invoice = {
  id: 'inv_42',
  number: 'INV-2026-000042',
  tenantId: 'ten_1',
  amount: 1000,
  paidAmount: 400,
  status: 'sent',
  dueDate: '2026-12-05',
  createdAt: new Date('2026-11-21T04:05:06.789Z'),
  payments: [
    { amount: 400, method: 'upi', reference: undefined, receivedAt: new Date('2026-11-22T10:00:00.123Z') },
  ],
  lines: [
    {
      id: 'bkg_1:created',
      bookingId: 'bkg_1',
      pnr: 'K7Q2ZP',
      route: 'DEL → BOM',
      date: '2026-12-10',
      amount: 1000,
      simulated: true,
    },
  ],
};

function appWith() {
  const calls: [string, unknown][] = [];
  const answer = (method: string, reply: object) => async (input: unknown) => {
    calls.push([method, input]);
    return reply;
  };
  const clients = {
    billing: {
      listPartnerInvoices: answer('list', { invoices: [stored], nextCursor: 'next' }),
      getPartnerInvoice: answer('get', { invoice: stored }),
    },
  } as unknown as ServiceClients;
  return {
    calls,
    app: partnerTestApp(invoicesRoutes({ clients }), testKey({ environment: 'live', tenantId: 'ten_1' })),
  };
}

// The key's caller as `callerOf` builds it (its request id differs per request).
const caller = expect.objectContaining({
  kind: callerContract.Caller_Kind.KIND_PARTNER_CLIENT,
  tenantId: 'ten_1',
  clientId: 7,
  environment: 'live',
  userId: '',
});

describe('partner invoice routes', () => {
  it('when the list is read, then the caller and page go to billing and each invoice is shown in the partner formats', async () => {
    const { app, calls } = appWith();
    const res = await request(app).get('/api/v1/invoices?limit=5&cursor=abc');
    expect(res.status).toBe(200);
    expect(calls).toEqual([['list', { caller, limit: 5, cursor: 'abc' }]]);
    expect(res.body).toEqual({
      data: [
        {
          id: 'inv_42',
          number: 'INV-2026-000042',
          amount: 1000,
          paidAmount: 400,
          status: 'sent',
          dueDate: '05 Dec 2026',
          createdAt: '2026-11-21 04:05:06',
          payments: [{ amount: 400, method: 'upi', reference: null, receivedAt: '2026-11-22 10:00:00' }],
        },
      ],
      hasMore: true,
      nextCursor: 'next',
    });
  });

  it('when the limit is out of range, then 400 on limit without a call', async () => {
    const { app, calls } = appWith();
    const res = await request(app).get('/api/v1/invoices?limit=101');
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toEqual(['limit']);
    expect(calls).toEqual([]);
  });

  it('when the id is not inv_<n>, then 404 without asking billing; otherwise billing is asked for it', async () => {
    const { app, calls } = appWith();
    expect((await request(app).get('/api/v1/invoices/bkg_42')).status).toBe(404);
    expect(calls).toEqual([]);
    const res = await request(app).get('/api/v1/invoices/inv_42');
    expect(res.status).toBe(200);
    expect(res.body.data.payments).toHaveLength(1);
    expect(calls).toEqual([['get', { caller, id: 'inv_42' }]]);
  });
});
