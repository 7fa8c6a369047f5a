import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { promotions, search, storefrontBooking, wallet } from '@travel/contracts';
import type { ServiceClient } from '@travel/grpc';
import {
  createServiceClient,
  freshIdempotency,
  inDays,
  peerTlsEnv,
  spawnService,
  startServiceUnderTest,
  testInfra,
  testLogger,
  uniqueName,
  wireCallers,
} from '@travel/testkit';
import { readConfig as readBillingConfig } from '../../billing/src/config';
import { createBillingService } from '../../billing/src/service';
import { readConfig as readPromotionsConfig } from '../../promotions/src/config';
import { createPromotionsService } from '../../promotions/src/service';
import type { SearchAndPricing } from './booking.fixture';

const infra = testInfra();

export type StorefrontClient = ServiceClient<typeof storefrontBooking.StorefrontBookingServiceDefinition>;
export type WalletClient = ServiceClient<typeof wallet.WalletServiceDefinition>;

const BILLING_MAIN = join(__dirname, '..', '..', 'billing', 'dist', 'main.js');

/** The environment of a billing service on its own database (payments of storefront bookings). */
export function billingEnv(namespace: string): Record<string, string> {
  return {
    GRPC_PORT: '0',
    ...peerTlsEnv('billing'),
    MONGO_URL: infra.mongoUrl,
    MONGO_DATABASE: uniqueName('ct_bk_billing'),
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    KAFKA_NAMESPACE: namespace,
    SEALING_KEYS: `t1:${randomBytes(32).toString('base64')}`,
    // The test stacks' setting (the launcher's); the fail-closed tests turn it off.
    PAYMENT_SIMULATOR: 'true',
  };
}

/** The real billing service in-process: storefront bookings pay through its WalletService. */
export async function startBilling(env: Record<string, string>) {
  const service = await startServiceUnderTest(createBillingService(readBillingConfig(env), testLogger()));
  return { address: service.address, wallet: walletClient(service.address), stop: () => service.stop() };
}

/** The real promotions service in-process: storefront bookings take their discounts and vouchers from it. */
export async function startPromotions(namespace: string) {
  const config = readPromotionsConfig({
    GRPC_PORT: '0',
    ...peerTlsEnv('promotions'),
    MONGO_URL: infra.mongoUrl,
    MONGO_DATABASE: uniqueName('ct_bk_promotions'),
    KAFKA_BROKERS: infra.kafkaBrokers.join(','),
    KAFKA_NAMESPACE: namespace,
  });
  const service = await startServiceUnderTest(createPromotionsService(config, testLogger()));
  const client = createServiceClient(promotions.PromotionsServiceDefinition, service.address, {
    deadlineMs: 20_000,
  });
  /** A fixed-amount voucher valid for a day with a fresh code (upper case, letters and digits). */
  async function newVoucher(fields: { amount: number; maxRedemptions: number }) {
    const code = uniqueName('VCH')
      .toUpperCase()
      .replace(/[^A-Z0-9]/g, '');
    const { promotion } = await client.createPromotion({
      caller: wireCallers.platformStaff(['vouchers']),
      kind: 'voucher',
      fields: {
        code,
        ...fields,
        validFrom: new Date(Date.now() - 60_000),
        validUntil: new Date(Date.now() + 86_400_000),
      },
    });
    return { code, id: promotion?.id ?? '' };
  }
  return { address: service.address, client, newVoucher, stop: () => service.stop() };
}

/** The built billing service as its own OS process (so SIGKILL is a real crash), healthy on return. */
export async function spawnBilling(env: Record<string, string>) {
  const process = await spawnService(BILLING_MAIN, env);
  return { ...process, wallet: walletClient(process.address) };
}

export function walletClient(address: string): WalletClient {
  return createServiceClient(wallet.WalletServiceDefinition, address, { deadlineMs: 20_000 });
}

export function storefrontClient(address: string): StorefrontClient {
  return createServiceClient(storefrontBooking.StorefrontBookingServiceDefinition, address, {
    deadlineMs: 20_000,
  });
}

/** A storefront flight offer (refundable or not, as asked) and the total search showed for it. */
export async function storefrontFlight(world: SearchAndPricing, refundable: boolean, daysAhead = 30) {
  const searchClient = createServiceClient(search.SearchServiceDefinition, world.searchAddress, {
    deadlineMs: 10_000,
  });
  for (const to of ['BOM', 'BLR', 'MAA', 'CCU', 'HYD', 'GOI']) {
    const reply = await searchClient.searchFlights({
      storefront: true,
      from: 'DEL',
      to,
      departDate: inDays(daysAhead),
      adults: 1,
      cabin: 'economy',
    });
    const offer = reply.onward.find((o) => o.refundable === refundable);
    if (offer?.price) return { token: offer.offerToken, total: offer.price.total };
  }
  throw new Error(`no ${refundable ? '' : 'non-'}refundable storefront flight found`);
}

/** A valid storefront create request. */
export function storefrontRequest(
  customerId: string,
  token: string,
  idempotencyKey: string,
  useWallet = true,
): storefrontBooking.CreateStorefrontBookingRequest {
  return {
    caller: wireCallers.customer(undefined, customerId),
    idempotencyKey,
    requestFingerprint: 'b'.repeat(64),
    offerToken: token,
    contact: { name: 'Meera Iyer', email: 'meera@example.com' },
    travellers: [{ firstName: 'Meera', lastName: 'Iyer' }],
    useWallet,
  };
}

export const topUp = (client: WalletClient, customerId: string, amount: number) =>
  client.topUpWallet({
    caller: wireCallers.platformStaff(['bookings']),
    customerId,
    amount,
    ...freshIdempotency(),
  });
