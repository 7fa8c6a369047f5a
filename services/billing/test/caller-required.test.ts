import { freshIdempotency, wireCallers } from '@travel/testkit';
import { type Billing, codeOf, newTenant, partner, staff, startBilling } from './billing.fixture';

jest.setTimeout(60_000);

// Fail closed (issue 30): every method names its caller, and a caller sees only its own tenant's invoices
// and its own wallet, whatever id it asks for.
let world: Billing;

beforeAll(async () => {
  world = await startBilling();
});
afterAll(async () => {
  await world?.stop();
});

async function sentInvoiceOf(tenantId: string) {
  const { invoice } = await world.client.createInvoice({ caller: staff, tenantId, amount: 500 });
  const id = invoice?.id ?? '';
  await world.client.updateInvoice({ caller: staff, id, status: 'sent' });
  return id;
}

describe('a call without a caller', () => {
  it('when invoices are created, moved, paid or read without a caller, then each is refused and nothing changes', async () => {
    const tenantId = newTenant();
    const id = await sentInvoiceOf(tenantId);
    const calls = [
      world.client.createInvoice({ tenantId, amount: 10 }),
      world.client.updateInvoice({ id, status: 'cancelled' }),
      world.client.recordPayment({
        invoiceId: id,
        amount: 10,
        method: 'bank_transfer',
        ...freshIdempotency(),
      }),
      world.client.listInvoices({ tenantId, limit: 10 }),
      world.client.getInvoice({ id }),
      world.client.listPartnerInvoices({ limit: 10 }),
      world.client.getPartnerInvoice({ id }),
    ];
    for (const call of calls) expect(await codeOf(call)).toBe('forbidden');
    const { invoice } = await world.client.getInvoice({ caller: staff, id });
    expect({ status: invoice?.status, paid: invoice?.paidAmount }).toEqual({ status: 'sent', paid: 0 });
    const listed = await world.client.listInvoices({ caller: staff, tenantId, limit: 10 });
    expect(listed.invoices.map((one) => one.id)).toEqual([id]);
  });

  it('when a wallet or a payment gateway is touched without a caller, then it is refused and no money moves', async () => {
    const customerId = `cus_${Date.now()}`;
    expect(await codeOf(world.wallet.topUpWallet({ customerId, amount: 100, ...freshIdempotency() }))).toBe(
      'forbidden',
    );
    expect(await codeOf(world.wallet.getWallet({ customerId, limit: 10 }))).toBe('forbidden');
    expect(
      await codeOf(world.wallet.payBooking({ bookingId: 'bkg_1', customerId, total: 10, useWallet: true })),
    ).toBe('forbidden');
    expect(await codeOf(world.gateways.listPaymentGateways({}))).toBe('forbidden');
    expect(
      await codeOf(
        world.gateways.createPaymentGateway({ provider: 'stripe', displayName: 'x', credentials: {} }),
      ),
    ).toBe('forbidden');
    const wallet = await world.wallet.getWallet({ caller: staff, customerId, limit: 10 });
    expect({ balance: wallet.balance, entries: wallet.entries }).toEqual({ balance: 0, entries: [] });
  });
});

describe('one tenant against another', () => {
  it("when tenant A's staff or partner ask for tenant B's invoice by id, then it is not_found and absent from their lists", async () => {
    const [tenantA, tenantB] = [newTenant(), newTenant()];
    const own = await sentInvoiceOf(tenantA);
    const other = await sentInvoiceOf(tenantB);
    const staffA = wireCallers.tenantStaff(tenantA, ['billing']);
    expect(await codeOf(world.client.getInvoice({ caller: staffA, id: other }))).toBe('not_found');
    expect(await codeOf(world.client.getInvoice({ caller: staffA, id: own }))).toBe('ok');
    expect(await codeOf(world.client.getPartnerInvoice({ caller: partner(tenantA), id: other }))).toBe(
      'not_found',
    );
    // A tenant's staff cannot widen their list to another tenant by naming it.
    const listed = await world.client.listInvoices({ caller: staffA, tenantId: tenantB, limit: 10 });
    expect(listed.invoices.map((invoice) => invoice.id)).toEqual([own]);
  });

  it("when tenant staff try to move or pay an invoice (even their own), then they are refused: that is the platform's desk", async () => {
    const tenantId = newTenant();
    const id = await sentInvoiceOf(tenantId);
    const staffA = wireCallers.tenantStaff(tenantId, ['billing', 'tenants']);
    expect(await codeOf(world.client.updateInvoice({ caller: staffA, id, status: 'cancelled' }))).toBe(
      'forbidden',
    );
    expect(
      await codeOf(
        world.client.recordPayment({
          caller: staffA,
          invoiceId: id,
          amount: 5,
          method: 'cash',
          ...freshIdempotency(),
        }),
      ),
    ).toBe('forbidden');
    const { invoice } = await world.client.getInvoice({ caller: staff, id });
    expect({ status: invoice?.status, paid: invoice?.paidAmount }).toEqual({ status: 'sent', paid: 0 });
  });

  it("when a customer asks for another customer's wallet or refunds, then it is not_found", async () => {
    const [mine, theirs] = [`cus_${Date.now()}1`, `cus_${Date.now()}2`];
    await world.wallet.topUpWallet({ caller: staff, customerId: theirs, amount: 700, ...freshIdempotency() });
    const me = wireCallers.customer(undefined, mine);
    expect(await codeOf(world.wallet.getWallet({ caller: me, customerId: theirs, limit: 10 }))).toBe(
      'not_found',
    );
    expect(await codeOf(world.wallet.listRefunds({ caller: me, customerId: theirs, limit: 10 }))).toBe(
      'not_found',
    );
    expect((await world.wallet.getWallet({ caller: me, customerId: mine, limit: 10 })).balance).toBe(0);
  });

  it('when staff lack the right, then the payment gateways and wallet top-ups refuse them', async () => {
    const noRights = wireCallers.platformStaff([]);
    expect(await codeOf(world.gateways.listPaymentGateways({ caller: noRights }))).toBe('forbidden');
    expect(
      await codeOf(
        world.wallet.topUpWallet({ caller: noRights, customerId: 'cus_1', amount: 5, ...freshIdempotency() }),
      ),
    ).toBe('forbidden');
  });
});
