import { freshIdempotency, waitFor } from '@travel/testkit';
import {
  type Billing,
  codeOf,
  decodePaid,
  newTenant,
  pay,
  sentInvoice,
  staff,
  startBilling,
} from './billing.fixture';

jest.setTimeout(60_000);

let world: Billing;
beforeAll(async () => {
  world = await startBilling();
});
afterAll(() => world.stop());

const paidEventsOf = (invoiceId: string) => world.paid.filter((event) => decodePaid(event).id === invoiceId);

describe('invoice states', () => {
  it('when moved, then draft → sent → cancelled works and every other move is conflict', async () => {
    const { invoice } = await world.client.createInvoice({
      caller: staff,
      tenantId: newTenant(),
      amount: 300,
    });
    const id = invoice?.id ?? '';
    const move = (status: string) => codeOf(world.client.updateInvoice({ caller: staff, id, status }));
    expect(await move('paid')).toBe('conflict');
    expect(await move('draft')).toBe('conflict');
    expect(await codeOf(pay(world.client, id, 100))).toBe('conflict'); // a draft takes no payment
    expect(await move('sent')).toBe('ok');
    expect(await move('sent')).toBe('conflict');
    expect(await move('paid')).toBe('conflict');
    expect(await move('cancelled')).toBe('ok');
    expect(await move('cancelled')).toBe('conflict');
    expect(await move('sent')).toBe('conflict');
    expect(await codeOf(pay(world.client, id, 100))).toBe('conflict'); // nor a cancelled one
    expect(await codeOf(world.client.updateInvoice({ caller: staff, id: 'inv_0', status: 'sent' }))).toBe(
      'not_found',
    );
  });

  it('when the same move races, then exactly one lands', async () => {
    const { invoice } = await world.client.createInvoice({
      caller: staff,
      tenantId: newTenant(),
      amount: 300,
    });
    const id = invoice?.id ?? '';
    const codes = await Promise.all(
      Array.from({ length: 8 }, () =>
        codeOf(world.client.updateInvoice({ caller: staff, id, status: 'sent' })),
      ),
    );
    expect(codes.filter((code) => code === 'ok')).toHaveLength(1);
    expect(codes.filter((code) => code === 'conflict')).toHaveLength(7);
  });
});

describe('payments', () => {
  it('when partial payments add up to the amount, then paid, invoice.paid once with the payload; more is conflict', async () => {
    const { id, tenantId } = await sentInvoice(world.client, 1000);
    expect((await pay(world.client, id, 400)).invoice).toMatchObject({ paidAmount: 400, status: 'sent' });
    expect(await codeOf(pay(world.client, id, 601))).toBe('conflict'); // would overpay
    const done = await world.client.recordPayment({
      caller: staff,
      ...freshIdempotency(),
      invoiceId: id,
      amount: 600,
      method: 'upi',
      reference: 'UTR123',
      receivedAt: new Date('2026-11-02T09:30:00Z'),
    });
    expect(done.invoice).toMatchObject({ paidAmount: 1000, status: 'paid' });
    expect(done.invoice?.payments).toEqual([
      expect.objectContaining({ amount: 400, method: 'bank_transfer', reference: undefined }),
      { amount: 600, method: 'upi', reference: 'UTR123', receivedAt: new Date('2026-11-02T09:30:00Z') },
    ]);
    expect(await codeOf(pay(world.client, id, 1))).toBe('conflict'); // paid
    expect(await codeOf(world.client.updateInvoice({ caller: staff, id, status: 'cancelled' }))).toBe(
      'conflict',
    );

    const [event] = await waitFor(() => {
      const events = paidEventsOf(id);
      if (events.length === 0) throw new Error('no invoice.paid yet');
      return events;
    });
    expect(event).toMatchObject({ type: 'invoice.paid', tenantId, clientId: '', livemode: true });
    expect(decodePaid(event as NonNullable<typeof event>)).toEqual({
      id,
      number: done.invoice?.number,
      amount: 1000,
      paidAmount: 1000,
      status: 'paid',
      dueDate: done.invoice?.dueDate,
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(paidEventsOf(id)).toHaveLength(1);
  });

  it('when a payment is malformed, then bad_request; on an unknown invoice, not_found', async () => {
    const { id } = await sentInvoice(world.client, 100);
    expect(await codeOf(pay(world.client, id, 0))).toBe('bad_request');
    expect(
      await codeOf(
        world.client.recordPayment({
          caller: staff,
          invoiceId: id,
          amount: 5,
          method: ' ',
          ...freshIdempotency(),
        }),
      ),
    ).toBe('bad_request');
    expect(await codeOf(pay(world.client, 'inv_0', 5))).toBe('not_found');
  });

  it('when 15 payments of 100 race on an invoice of 1000, then exactly 10 land, it is paid, invoice.paid goes once', async () => {
    const { id } = await sentInvoice(world.client, 1000);
    const codes = await Promise.all(Array.from({ length: 15 }, () => codeOf(pay(world.client, id, 100))));
    expect(codes.filter((code) => code === 'ok')).toHaveLength(10);
    expect(codes.filter((code) => code === 'conflict')).toHaveLength(5);
    const { invoice } = await world.client.getInvoice({ caller: staff, id });
    expect(invoice).toMatchObject({ paidAmount: 1000, status: 'paid' });
    expect(invoice?.payments.map((payment) => payment.amount)).toEqual(Array(10).fill(100));
    await waitFor(() => expect(paidEventsOf(id)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(paidEventsOf(id)).toHaveLength(1);
  });

  it('when several final payments race, then one settles the invoice and invoice.paid is published once', async () => {
    const { id } = await sentInvoice(world.client, 1000);
    await pay(world.client, id, 700);
    const codes = await Promise.all(Array.from({ length: 6 }, () => codeOf(pay(world.client, id, 300))));
    expect(codes.filter((code) => code === 'ok')).toHaveLength(1);
    await waitFor(() => expect(paidEventsOf(id)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(paidEventsOf(id)).toHaveLength(1);
  });
});
