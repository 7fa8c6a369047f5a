import { type AuditTrail, freshIdempotency, uniqueName, watchAuditTrail } from '@travel/testkit';
import { type Billing, newTenant, staff, startBilling } from './billing.fixture';

// Staff top-ups and invoice changes are stored with their audit entries and relayed to `audit.entries`
// (docs/decisions/audit.md); before, a top-up was audited by the gateway after the fact and invoices were log lines.
let world: Billing;
let trail: AuditTrail;
const desk = {
  ...staff,
  email: 'desk@example.com',
  ip: '198.51.100.42',
  requestId: 'req_ct_billing_audit',
};
beforeAll(async () => {
  // The relay also scans every 200 ms: an entry written without telling it would still show within the waits below.
  world = await startBilling({ AUDIT_RELAY_POLL_MS: '200', AUDIT_RELAY_RESCAN_MS: '200' });
  trail = await watchAuditTrail(world.namespace);
});
afterAll(async () => {
  await trail.stop();
  await world.stop();
});

describe('audited top-ups', () => {
  it('when a top-up is sent, replayed with its key and sent at once twice more with another key, then each key has exactly one entry', async () => {
    const customerId = uniqueName('cus');
    const first = freshIdempotency({ amount: 7 });
    const request = { caller: desk, customerId, amount: 7, ...first };
    const made = await world.wallet.topUpWallet(request);
    const again = await world.wallet.topUpWallet(request);
    expect([made.replayed, again.replayed, again.balance]).toEqual([false, true, 7]);
    // Two racing calls with a second key: one credits, the other waits or replays; one entry either way.
    const second = { caller: desk, customerId, amount: 5, ...freshIdempotency({ amount: 5 }) };
    await Promise.allSettled([world.wallet.topUpWallet(second), world.wallet.topUpWallet(second)]);
    const settled = await world.wallet.topUpWallet(second);
    expect(settled.balance).toBe(12);
    // One document holds both keys' entries, published in order: the replay's would have come before the second's.
    const entries = await trail.of(customerId, 2);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(trail.entries().filter((entry) => entry.targetId === customerId)).toHaveLength(2);
    expect(entries.map((entry) => [entry.action, entry.targetType, entry.details])).toEqual([
      ['wallet.topped_up', 'customer', { amount: 7, entryId: made.entry?.id }],
      ['wallet.topped_up', 'customer', { amount: 5, entryId: settled.entry?.id }],
    ]);
    expect(entries[0]).toMatchObject({
      actorUserId: staff.userId,
      actorEmail: 'desk@example.com',
      ip: '198.51.100.42',
      requestId: 'req_ct_billing_audit',
    });
  });
});

describe('audited invoices', () => {
  it('when an invoice is created, sent and paid in full, then it has its created, sent and payment entries, the payment once', async () => {
    const tenantId = newTenant();
    const created = await world.client.createInvoice({ caller: desk, tenantId, amount: 900 });
    const id = created.invoice?.id ?? '';
    await world.client.updateInvoice({ caller: desk, id, status: 'sent' });
    const payment = {
      caller: desk,
      invoiceId: id,
      amount: 900,
      method: 'bank_transfer',
      ...freshIdempotency({ amount: 900 }),
    };
    await world.client.recordPayment(payment);
    expect((await world.client.recordPayment(payment)).replayed).toBe(true);
    const entries = await trail.of(id, 3);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(trail.entries().filter((entry) => entry.targetId === id)).toHaveLength(3);
    expect(entries.map((entry) => [entry.action, entry.targetType, entry.details])).toEqual([
      [
        'invoice.created',
        'invoice',
        { tenantId, number: created.invoice?.number, amount: 900, dueDate: created.invoice?.dueDate },
      ],
      ['invoice.sent', 'invoice', { from: 'draft' }],
      ['invoice.payment_recorded', 'invoice', { k: 1, amount: 900, total: 900, method: 'bank_transfer' }],
    ]);
    expect(entries[2]).toMatchObject({ actorEmail: 'desk@example.com', requestId: 'req_ct_billing_audit' });
  });

  it('when five cancels of a draft race, then one lands and only it has an entry (a move that lost wrote nothing)', async () => {
    const created = await world.client.createInvoice({ caller: desk, tenantId: newTenant(), amount: 300 });
    const id = created.invoice?.id ?? '';
    const cancel = () => world.client.updateInvoice({ caller: desk, id, status: 'cancelled' });
    const answers = await Promise.allSettled(Array.from({ length: 5 }, cancel));
    expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(1);
    const entries = await trail.of(id, 2);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(trail.entries().filter((entry) => entry.targetId === id)).toHaveLength(2);
    expect(entries.map((entry) => entry.action)).toEqual(['invoice.created', 'invoice.cancelled']);
  });
});
