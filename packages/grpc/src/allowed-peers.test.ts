import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALLOWED_PEERS, PEER_NAMES, peerMayCall, SERVICE_PEERS, serverOfDefinition } from './allowed-peers';

const IDENTITY = ALLOWED_PEERS.identity;

describe('who may call what (the allowed-peers table)', () => {
  it("when a method has a row of its own, then that row decides; else its service's; else nobody", () => {
    expect(peerMayCall(IDENTITY, '/travel.identity.v1.StaffService/ListUsers', 'gateway')).toBe(true);
    expect(peerMayCall(IDENTITY, '/travel.identity.v1.StaffService/ListUsers', 'engagement')).toBe(false);
    expect(
      peerMayCall(IDENTITY, '/travel.identity.v1.StaffService/ListTenantStaffEmails', 'engagement'),
    ).toBe(true);
    expect(peerMayCall(IDENTITY, '/travel.identity.v1.StaffService/ListTenantStaffEmails', 'gateway')).toBe(
      false,
    );
    expect(peerMayCall(IDENTITY, '/travel.identity.v1.NoSuchService/Call', 'gateway')).toBe(false);
  });

  it('when any peer asks for health or reflection, then it may', () => {
    for (const path of [
      '/grpc.health.v1.Health/Check',
      '/grpc.reflection.v1.ServerReflection/ServerReflectionInfo',
      '/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo',
    ])
      expect(peerMayCall(ALLOWED_PEERS.billing, path, 'search')).toBe(true);
  });

  it('when the provider webhook route calls, then billing lets it submit provider events and nothing else', () => {
    const billing = ALLOWED_PEERS.billing;
    expect(
      peerMayCall(billing, '/travel.billing.v1.WalletService/ReceivePaymentWebhook', 'payment-webhooks'),
    ).toBe(true);
    expect(peerMayCall(billing, '/travel.billing.v1.WalletService/ReceivePaymentWebhook', 'gateway')).toBe(
      false,
    );
    for (const path of [
      '/travel.billing.v1.WalletService/TopUpWallet',
      '/travel.billing.v1.WalletService/PayBooking',
      '/travel.billing.v1.BillingService/ListInvoices',
      '/travel.billing.v1.PaymentGatewayService/ListPaymentGateways',
    ])
      expect(peerMayCall(billing, path, 'payment-webhooks')).toBe(false);
    const allowedSomewhere = SERVICE_PEERS.flatMap((service) =>
      Object.entries(ALLOWED_PEERS[service])
        .filter(([, peers]) => peers.includes('payment-webhooks'))
        .map(([key]) => key),
    );
    expect(allowedSomewhere.sort()).toEqual([
      '/travel.billing.v1.WalletService/ReceivePaymentWebhook',
      '/travel.booking.v1.StorefrontBookingService/SettleStorefrontBooking',
    ]);
  });

  it("when a service's row names a peer, then that peer is the gateway or a service whose config has the address of it", () => {
    // The table and the services' settings say the same thing: corporate may call supply because it has SUPPLY_ADDRESS.
    const root = join(__dirname, '..', '..', '..');
    for (const service of SERVICE_PEERS)
      for (const peers of Object.values(ALLOWED_PEERS[service]))
        for (const peer of peers) {
          if (peer === 'gateway' || peer === 'payment-webhooks') continue;
          const config = readFileSync(join(root, 'services', peer, 'src', 'config.ts'), 'utf8');
          expect({ peer, service, calls: config.includes(`${service.toUpperCase()}_ADDRESS`) }).toEqual({
            peer,
            service,
            calls: true,
          });
        }
    expect(readdirSync(join(root, 'services')).sort()).toEqual([...SERVICE_PEERS].sort());
    expect(PEER_NAMES).toEqual([...SERVICE_PEERS, 'gateway', 'payment-webhooks']);
  });

  it('when a definition belongs to a service by its proto package, then a peer client expects that server', () => {
    expect(serverOfDefinition({ fullName: 'travel.pricing.v1.PricingService' })).toBe('pricing');
    expect(serverOfDefinition({ fullName: 'travel.events.v1.ParkedEventsService' })).toBeUndefined();
    expect(serverOfDefinition({ fullName: 'grpc.health.v1.Health' })).toBeUndefined();
  });
});
