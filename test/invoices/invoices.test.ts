import { randomUUID } from 'node:crypto';
import { documented, waitFor } from '@travel/testkit';
import { type AdminApi, bearer, newPartner, platformAdmin } from '../support/admin';
import { book, contact, dataOf, errorOf, flightOffers, partnerCall } from '../support/bookings';
import { type ApiResponse, call, expectDocumented } from '../support/gateway';
import { tenantStaff } from '../support/staff';

interface Invoice {
  id: string;
  number: string;
  amount: number;
  paidAmount: number;
  status: string;
  dueDate: string;
  createdAt: string;
  payments: { amount: number; method: string; reference: string | null; receivedAt: string }[];
  lines?: { bookingId: string; amount: number }[];
}
interface Page {
  data: Invoice[];
  hasMore: boolean;
  nextCursor: string | null;
}

/** A staff call with a token, checked against the internal OpenAPI document like every e2e call. */
async function staffCall(token: string, method: string, path: string, body?: unknown): Promise<ApiResponse> {
  // A fresh Idempotency-Key on every call (payments need one; other routes ignore it).
  const headers = {
    ...bearer(token),
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    'idempotency-key': randomUUID(),
  };
  const res = await call(method, path, {
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await expectDocumented(method, path.split('?')[0] as string, res);
  return res;
}

const invoiceOf = (res: ApiResponse) => (res.body as { data: Invoice }).data;
const pageOf = (res: ApiResponse) => res.body as Page;
const codeOf = (res: ApiResponse) => [res.status, errorOf(res).code];

/** A sent invoice of a given amount for the tenant (made by the platform administrator). */
async function sentInvoice(admin: AdminApi, tenantId: string, amount: number): Promise<Invoice> {
  const made = invoiceOf(await staffCall(admin.token, 'POST', '/api/admin/invoices', { tenantId, amount }));
  return invoiceOf(await staffCall(admin.token, 'PUT', `/api/admin/invoices/${made.id}`, { status: 'sent' }));
}

describe('invoices from bookings to paid', () => {
  it('when a live booking is invoiced, sent and paid in parts, then the partner sees it only once sent, then paid', async () => {
    const admin = await platformAdmin();
    const { tenant, client, key } = await newPartner(admin);
    const testKey = await admin.createKey(client.id, { environment: 'test' });
    const [testOffer] = await flightOffers(testKey.secret);
    expect((await book(testKey.secret, { offerToken: testOffer?.offerToken, contact })).status).toBe(201);
    const [offer] = await flightOffers(key.secret);
    const booking = dataOf(await book(key.secret, { offerToken: offer?.offerToken, contact }));

    // The line arrives through booking.events; until then there is nothing to invoice (409).
    const draft = await waitFor(
      async () => {
        const res = await staffCall(admin.token, 'POST', '/api/admin/invoices', { tenantId: tenant.id });
        expect(res.status).toBe(201);
        return invoiceOf(res);
      },
      { timeoutMs: 20_000, intervalMs: 300 },
    );
    expect(draft).toMatchObject({ amount: booking.amount, paidAmount: 0, status: 'draft' });
    expect(draft.lines?.map((line) => line.bookingId)).toEqual([booking.id]); // the test booking is not billed

    expect(pageOf(await partnerCall(key.secret, 'GET', '/api/v1/invoices')).data).toEqual([]);
    expect(codeOf(await partnerCall(key.secret, 'GET', `/api/v1/invoices/${draft.id}`))).toEqual([
      404,
      'not_found',
    ]);
    const payments = `/api/admin/invoices/${draft.id}/payments`;
    expect(codeOf(await staffCall(admin.token, 'POST', payments, { amount: 1, method: 'upi' }))).toEqual([
      409,
      'conflict',
    ]);

    const sent = await staffCall(admin.token, 'PUT', `/api/admin/invoices/${draft.id}`, { status: 'sent' });
    expect(invoiceOf(sent).status).toBe('sent');
    const again = await staffCall(admin.token, 'PUT', `/api/admin/invoices/${draft.id}`, { status: 'sent' });
    expect(codeOf(again)).toEqual([409, 'conflict']);

    const listed = pageOf(await partnerCall(key.secret, 'GET', '/api/v1/invoices'));
    expect(listed.data.map((invoice) => [invoice.id, invoice.status, invoice.paidAmount])).toEqual([
      [draft.id, 'sent', 0],
    ]);
    expect(listed.data[0]?.dueDate).toMatch(/^\d{2} [A-Z][a-z]{2} \d{4}$/);
    expect(listed.data[0]?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(pageOf(await partnerCall(testKey.secret, 'GET', '/api/v1/invoices')).data).toEqual([]);
    expect(codeOf(await partnerCall(testKey.secret, 'GET', `/api/v1/invoices/${draft.id}`))).toEqual([
      404,
      'not_found',
    ]);

    const part = await staffCall(admin.token, 'POST', payments, {
      amount: 100,
      method: 'bank_transfer',
      reference: 'UTR-1',
      receivedAt: '2026-11-21T11:30:00+05:30',
    });
    expect([part.status, invoiceOf(part).paidAmount, invoiceOf(part).status]).toEqual([201, 100, 'sent']);
    const over = await staffCall(admin.token, 'POST', payments, { amount: booking.amount, method: 'upi' });
    expect(codeOf(over)).toEqual([409, 'conflict']);
    const rest = await staffCall(admin.token, 'POST', payments, {
      amount: booking.amount - 100,
      method: 'upi',
    });
    expect(invoiceOf(rest)).toMatchObject({ paidAmount: booking.amount, status: 'paid' });

    const read = await partnerCall(key.secret, 'GET', `/api/v1/invoices/${draft.id}`);
    expect(read.status).toBe(200);
    expect(invoiceOf(read)).toMatchObject({ status: 'paid', paidAmount: booking.amount });
    expect(invoiceOf(read).payments).toEqual([
      { amount: 100, method: 'bank_transfer', reference: 'UTR-1', receivedAt: '2026-11-21 06:00:00' },
      expect.objectContaining({ amount: booking.amount - 100, method: 'upi', reference: null }),
    ]);
    const late = await staffCall(admin.token, 'POST', payments, { amount: 1, method: 'upi' });
    expect(codeOf(late)).toEqual([409, 'conflict']);
  });
});

describe('who sees which invoice', () => {
  it('when another tenant or an unlinked client reads, then 404 and 403 client_not_linked', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      '`404 not_found` when no invoice has this id, when it belongs to another tenant, when it is a draft, or with a test key (invoices are live data).',
    );
    const admin = await platformAdmin();
    const owner = await newPartner(admin);
    const other = await newPartner(admin);
    const invoice = await sentInvoice(admin, owner.tenant.id, 500);
    expect(codeOf(await partnerCall(other.key.secret, 'GET', `/api/v1/invoices/${invoice.id}`))).toEqual([
      404,
      'not_found',
    ]);
    expect(pageOf(await partnerCall(other.key.secret, 'GET', '/api/v1/invoices')).data).toEqual([]);
    expect(codeOf(await partnerCall(owner.key.secret, 'GET', '/api/v1/invoices/inv_x'))).toEqual([
      404,
      'not_found',
    ]);
    expect(codeOf(await partnerCall(owner.key.secret, 'GET', '/api/v1/invoices/inv_999999999'))).toEqual([
      404,
      'not_found',
    ]);
    const draft = invoiceOf(
      await staffCall(admin.token, 'POST', '/api/admin/invoices', { tenantId: owner.tenant.id, amount: 600 }),
    );
    expect(codeOf(await partnerCall(owner.key.secret, 'GET', `/api/v1/invoices/${draft.id}`))).toEqual([
      404,
      'not_found',
    ]);
    const testKey = await admin.createKey(owner.client.id, { environment: 'test' });
    expect(codeOf(await partnerCall(testKey.secret, 'GET', `/api/v1/invoices/${invoice.id}`))).toEqual([
      404,
      'not_found',
    ]);
    expect((await partnerCall(owner.key.secret, 'GET', `/api/v1/invoices/${invoice.id}`)).status).toBe(200);

    const unlinked = await admin.createClient(`Unlinked ${Date.now()}`, null);
    const unlinkedKey = await admin.createKey(unlinked.id);
    for (const path of ['/api/v1/invoices', `/api/v1/invoices/${invoice.id}`])
      expect(codeOf(await partnerCall(unlinkedKey.secret, 'GET', path))).toEqual([403, 'client_not_linked']);
  });

  it('when a partner pages, then newest first without drafts and without repeats; bad limit or cursor is 400', async () => {
    documented(
      'gateway/openapi/partner.texts.yaml',
      'A `limit` that is not an integer from 1 to 100, or a `cursor` this list did not return, is `400 bad_request`.',
    );
    const admin = await platformAdmin();
    const { tenant, key } = await newPartner(admin);
    const sent: string[] = [];
    for (let i = 0; i < 5; i++) sent.unshift((await sentInvoice(admin, tenant.id, 100 + i)).id);
    await staffCall(admin.token, 'POST', '/api/admin/invoices', { tenantId: tenant.id, amount: 999 }); // a draft

    const seen: string[] = [];
    let path = '/api/v1/invoices?limit=2';
    for (;;) {
      const page = pageOf(await partnerCall(key.secret, 'GET', path));
      seen.push(...page.data.map((invoice) => invoice.id));
      if (!page.hasMore || !page.nextCursor) break;
      path = `/api/v1/invoices?limit=2&cursor=${encodeURIComponent(page.nextCursor)}`;
    }
    expect(seen).toEqual(sent);
    for (const bad of [
      '/api/v1/invoices?limit=0',
      '/api/v1/invoices?limit=101',
      '/api/v1/invoices?cursor=nope',
    ])
      expect(codeOf(await partnerCall(key.secret, 'GET', bad))).toEqual([400, 'bad_request']);

    const all = pageOf(await staffCall(admin.token, 'GET', `/api/admin/invoices?tenantId=${tenant.id}`));
    expect(all.data.map((invoice) => invoice.status)).toEqual([
      'draft',
      'sent',
      'sent',
      'sent',
      'sent',
      'sent',
    ]);
  });

  it('when tenant staff with the billing right read /mine, then their tenant’s sent invoices only; others are 403', async () => {
    const admin = await platformAdmin();
    const staff = await tenantStaff(admin, ['billing']);
    const sent = await sentInvoice(admin, staff.tenant.id, 700);
    await staffCall(admin.token, 'POST', '/api/admin/invoices', { tenantId: staff.tenant.id, amount: 800 });
    await sentInvoice(admin, (await newPartner(admin)).tenant.id, 900); // another tenant's

    const mine = pageOf(await staffCall(staff.token, 'GET', '/api/admin/invoices/mine'));
    expect(mine.data.map((invoice) => invoice.id)).toEqual([sent.id]);
    expect(codeOf(await staffCall(admin.token, 'GET', '/api/admin/invoices/mine'))).toEqual([
      403,
      'forbidden',
    ]);
    expect(codeOf(await staffCall(staff.token, 'GET', '/api/admin/invoices'))).toEqual([403, 'forbidden']);
    const withoutRight = await tenantStaff(admin, ['bookings']);
    expect(codeOf(await staffCall(withoutRight.token, 'GET', '/api/admin/invoices/mine'))).toEqual([
      403,
      'forbidden',
    ]);
  });

  it('when an invoice is made for an unknown tenant or with a bad body, then 404 and 400', async () => {
    const admin = await platformAdmin();
    const unknown = await staffCall(admin.token, 'POST', '/api/admin/invoices', {
      tenantId: 'ten_999999999',
      amount: 5,
    });
    expect(codeOf(unknown)).toEqual([404, 'not_found']);
    const bad = await staffCall(admin.token, 'POST', '/api/admin/invoices', {
      tenantId: 'ten_1',
      amount: -5,
      dueDate: '2027-02-30',
    });
    expect(codeOf(bad)).toEqual([400, 'bad_request']);
  });
});
