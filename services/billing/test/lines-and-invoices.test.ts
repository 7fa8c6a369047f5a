import { documented, wireCallers } from '@travel/testkit';
import { type Billing, codeOf, newTenant, partner, staff, startBilling } from './billing.fixture';

jest.setTimeout(60_000);

let world: Billing;
beforeAll(async () => {
  world = await startBilling();
});
afterAll(() => world.stop());

describe('booking events become invoice lines', () => {
  it('when a live booking event is redelivered (same id or a new one), then it is one line; test bookings are none', async () => {
    documented('docs/webhooks.md', 'so it is on no invoice and no `invoice.paid` is ever about it');
    const tenantId = newTenant();
    const eventId = await world.publishBooking({
      type: 'booking.created',
      tenantId,
      bookingId: 'bkg_101',
      amount: 1200,
    });
    await world.publishBooking(
      { type: 'booking.created', tenantId, bookingId: 'bkg_101', amount: 1200 },
      eventId,
    );
    await world.publishBooking({ type: 'booking.created', tenantId, bookingId: 'bkg_101', amount: 1200 });
    await world.publishBooking({
      type: 'booking.created',
      tenantId,
      bookingId: 'bkg_102',
      amount: 900,
      livemode: false,
    });
    await world.publishBooking({
      type: 'booking.cancelled',
      tenantId,
      bookingId: 'bkg_102',
      amount: 900,
      livemode: false,
    });
    await world.linesOf(tenantId, 1);

    const { invoice } = await world.client.createInvoice({ caller: staff, tenantId });
    expect(invoice).toMatchObject({ tenantId, amount: 1200, paidAmount: 0, status: 'draft' });
    expect(invoice?.lines.map((line) => [line.bookingId, line.amount])).toEqual([['bkg_101', 1200]]);
    expect(invoice?.number).toMatch(/^INV-\d{4}-\d{6}$/);
  });

  it('when booking events say whether the supply was simulated (or, older, nothing), then each invoice line says the same', async () => {
    const tenantId = newTenant();
    const created = { type: 'booking.created', tenantId, amount: 100 } as const;
    await world.publishBooking({ ...created, bookingId: 'bkg_601', simulated: true });
    await world.publishBooking({ ...created, bookingId: 'bkg_602', simulated: false });
    await world.publishBooking({ ...created, bookingId: 'bkg_603' });
    await world.publishBooking({
      ...created,
      type: 'booking.cancelled',
      bookingId: 'bkg_602',
      simulated: false,
    });
    await world.linesOf(tenantId, 4);

    const { invoice } = await world.client.createInvoice({ caller: staff, tenantId });
    const { invoice: read } = await world.client.getInvoice({ caller: staff, id: invoice?.id ?? '' });
    // Lines made in the same millisecond have no order of their own: compared by id.
    expect(read?.lines.map((line) => [line.id, line.simulated]).sort()).toEqual([
      ['bkg_601:created', true],
      ['bkg_602:cancelled', false],
      ['bkg_602:created', false],
      // Published before the mark, when every booking was simulated.
      ['bkg_603:created', true],
    ]);
  });

  it('when a booking is cancelled, then a reversing line cancels its amount on the next invoice', async () => {
    documented('gateway/openapi/partner.texts.yaml', "is credited in full on the tenant's next invoice");
    const tenantId = newTenant();
    await world.publishBooking({ type: 'booking.created', tenantId, bookingId: 'bkg_201', amount: 1000 });
    await world.publishBooking({ type: 'booking.created', tenantId, bookingId: 'bkg_202', amount: 500 });
    await world.publishBooking({ type: 'booking.cancelled', tenantId, bookingId: 'bkg_202', amount: 500 });
    await world.linesOf(tenantId, 3);

    const { invoice } = await world.client.createInvoice({ caller: staff, tenantId });
    expect(invoice?.amount).toBe(1000);
    expect(invoice?.lines.map((line) => line.amount)).toEqual([1000, 500, -500]);
  });

  it('when a tenant has no uninvoiced lines (all taken, or none), then creating from lines is 409', async () => {
    const tenantId = newTenant();
    expect(await codeOf(world.client.createInvoice({ caller: staff, tenantId }))).toBe('conflict');
    await world.publishBooking({ type: 'booking.created', tenantId, bookingId: 'bkg_301', amount: 700 });
    await world.linesOf(tenantId, 1);
    await world.client.createInvoice({ caller: staff, tenantId });
    expect(await codeOf(world.client.createInvoice({ caller: staff, tenantId }))).toBe('conflict');
  });

  it('when two invoices are built from the same lines at once, then each line lands on exactly one', async () => {
    const tenantId = newTenant();
    for (let i = 0; i < 12; i++)
      await world.publishBooking({
        type: 'booking.created',
        tenantId,
        bookingId: `bkg_4${i}`,
        amount: 100 + i,
      });
    await world.linesOf(tenantId, 12);

    const results = await Promise.allSettled(
      [1, 2, 3].map(() => world.client.createInvoice({ caller: staff, tenantId })),
    );
    const made = results.flatMap((result) =>
      result.status === 'fulfilled' && result.value.invoice ? [result.value.invoice] : [],
    );
    const lineIds = made.flatMap((invoice) => invoice.lines.map((line) => line.id));
    expect(new Set(lineIds).size).toBe(12);
    expect(lineIds).toHaveLength(12);
    expect(made.reduce((sum, invoice) => sum + invoice.amount, 0)).toBe(12 * 100 + 66);
  });

  it('when an invoice built from lines is cancelled, then its lines go to the next invoice', async () => {
    const tenantId = newTenant();
    await world.publishBooking({ type: 'booking.created', tenantId, bookingId: 'bkg_501', amount: 800 });
    await world.linesOf(tenantId, 1);
    const first = await world.client.createInvoice({ caller: staff, tenantId });
    await world.client.updateInvoice({
      caller: staff,
      id: first.invoice?.id ?? '',
      status: 'cancelled',
    });
    const second = await world.client.createInvoice({
      caller: staff,
      tenantId,
      dueDate: '2099-01-31',
    });
    expect(second.invoice).toMatchObject({ amount: 800, dueDate: '2099-01-31' });
  });

  it('when the amount, due date or tenant is malformed, then bad_request', async () => {
    for (const request of [
      { caller: staff, tenantId: newTenant(), amount: 0 },
      { caller: staff, tenantId: newTenant(), amount: 10, dueDate: '2027-02-30' },
      { caller: staff, tenantId: newTenant(), amount: 10, dueDate: '2001-01-01' },
      { caller: staff, tenantId: '', amount: 10 },
    ])
      expect(await codeOf(world.client.createInvoice(request))).toBe('bad_request');
  });
});

describe('reads', () => {
  it('when a partner lists, then only sent (and later) invoices of its tenant, newest first, paged without repeats', async () => {
    const tenantId = newTenant();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const { invoice } = await world.client.createInvoice({
        caller: staff,
        tenantId,
        amount: 100 + i,
      });
      const id = invoice?.id ?? '';
      if (i % 3 !== 0) await world.client.updateInvoice({ caller: staff, id, status: 'sent' });
      ids.push(id);
    }
    const sent = ids.filter((_, i) => i % 3 !== 0).reverse();
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await world.client.listPartnerInvoices({ caller: partner(tenantId), limit: 2, cursor });
      seen.push(...page.invoices.map((invoice) => invoice.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(sent);

    const all = await world.client.listInvoices({ caller: staff, tenantId, limit: 100 });
    expect(all.invoices.map((invoice) => invoice.id)).toEqual([...ids].reverse());
    const mine = await world.client.listInvoices({
      caller: wireCallers.tenantStaff(tenantId, ['billing']),
      limit: 100,
    });
    expect(mine.invoices.map((invoice) => invoice.id)).toEqual(sent);
  });

  it('when a partner reads a draft, another tenant’s invoice, or with a test key, then not_found; unlinked is client_not_linked', async () => {
    const tenantId = newTenant();
    const draft =
      (await world.client.createInvoice({ caller: staff, tenantId, amount: 50 })).invoice?.id ?? '';
    const sent =
      (await world.client.createInvoice({ caller: staff, tenantId, amount: 60 })).invoice?.id ?? '';
    await world.client.updateInvoice({ caller: staff, id: sent, status: 'sent' });

    const read = (caller: ReturnType<typeof partner>, id: string) =>
      codeOf(world.client.getPartnerInvoice({ caller, id }));
    expect(await read(partner(tenantId), sent)).toBe('ok');
    expect(await read(partner(tenantId), draft)).toBe('not_found');
    expect(await read(partner(newTenant()), sent)).toBe('not_found');
    expect(await read(partner(tenantId, 'test'), sent)).toBe('not_found');
    expect(await read(partner(undefined), sent)).toBe('client_not_linked');
    const testList = await world.client.listPartnerInvoices({ caller: partner(tenantId, 'test'), limit: 25 });
    expect(testList.invoices).toEqual([]);
    expect(await codeOf(world.client.listPartnerInvoices({ caller: partner(tenantId), limit: 0 }))).toBe(
      'bad_request',
    );
    expect(
      await codeOf(world.client.listPartnerInvoices({ caller: partner(tenantId), limit: 5, cursor: 'nope' })),
    ).toBe('bad_request');
  });
});
