import { randomUUID } from 'node:crypto';
import { inDays } from '@travel/testkit';
import { type AdminApi, bearer } from '../support/admin';
import type { CustomerSession } from '../support/customers';
import { type ApiResponse, call, expectDocumented } from '../support/gateway';

const json = { 'content-type': 'application/json' };

/** A call to the internal API with optional headers and body, checked against the OpenAPI document. */
export async function storefrontCall(
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<ApiResponse> {
  const res = await call(method, path, {
    headers: { ...(options.body === undefined ? {} : json), ...options.headers },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  await expectDocumented(method, path.split('?')[0] as string, res);
  return res;
}

export interface StorefrontBooking {
  id: string;
  status: string;
  amount: number;
  discount: number;
  automaticDiscount: { id: string; name: string; amount: number } | null;
  voucher: { code: string; amount: number } | null;
  walletPaid: number;
  charged: number;
  paymentId: string;
  refund: { id: string; amount: number; status: string } | null;
}

export interface Offer {
  offerToken: string;
  refundable?: boolean;
  price: { total: number };
  /** The storefront's automatic discount line (null when none applies). */
  discount?: { id: string; name: string; amount: number; total: number } | null;
}

/** What a storefront booking of the offer pays, its automatic discount taken off. */
export const payableOf = (offer: Offer) => offer.discount?.total ?? offer.price.total;

export const dataOf = <T>(res: ApiResponse) => (res.body as { data: T }).data;
export const errorCodeOf = (res: ApiResponse) => (res.body as { error: { code: string } }).error.code;

/** Storefront flight offers (public search), refundable or not as asked; 30 days ahead by default. */
export async function storefrontFlight(refundable: boolean, daysAhead = 30): Promise<Offer> {
  for (const to of ['BOM', 'BLR', 'MAA', 'CCU', 'HYD', 'GOI']) {
    const res = await storefrontCall('POST', '/api/search/flights', {
      body: { from: 'DEL', to, departDate: inDays(daysAhead) },
    });
    if (res.status !== 200) throw new Error(`search answered ${res.status}: ${res.text}`);
    const offer = dataOf<{ onward: Offer[] }>(res).onward.find((o) => o.refundable === refundable);
    if (offer) return offer;
  }
  throw new Error('no such storefront flight');
}

/** A storefront hotel offer checking in `daysAhead` days from today. */
export async function storefrontHotel(daysAhead: number): Promise<Offer> {
  const res = await storefrontCall('POST', '/api/search/hotels', {
    body: { city: 'Goa', checkIn: inDays(daysAhead), checkOut: inDays(daysAhead + 2) },
  });
  if (res.status !== 200) throw new Error(`search answered ${res.status}: ${res.text}`);
  const first = dataOf<{ results: Offer[] }>(res).results[0];
  if (!first) throw new Error('no hotel');
  return first;
}

export const contact = { name: 'Meera Iyer', email: 'meera.iyer@example.com' };

/** `POST /api/bookings` as this customer (a fresh key unless given). */
export function bookAsCustomer(
  customer: CustomerSession,
  offer: Offer,
  options: { useWallet?: boolean; key?: string; voucherCode?: string } = {},
): Promise<ApiResponse> {
  const voucher = options.voucherCode === undefined ? {} : { voucherCode: options.voucherCode };
  return storefrontCall('POST', '/api/bookings', {
    headers: { ...customer.headers, 'idempotency-key': options.key ?? randomUUID() },
    body: { offerToken: offer.offerToken, contact, useWallet: options.useWallet ?? false, ...voucher },
  });
}

export async function walletOf(customer: CustomerSession) {
  const res = await storefrontCall('GET', '/api/wallet?limit=100', { headers: customer.headers });
  expect(res.status).toBe(200);
  return dataOf<{
    balance: number;
    entries: { type: string; reason: string; amount: number; bookingId: string | null }[];
  }>(res);
}

/** A staff top-up of the customer's wallet (platform administrator). */
export async function topUp(admin: AdminApi, customer: CustomerSession, amount: number) {
  const res = await storefrontCall('POST', `/api/admin/wallets/${customer.user.id}/top-ups`, {
    headers: { ...bearer(admin.token), 'idempotency-key': randomUUID() },
    body: { amount, note: 'e2e credit' },
  });
  if (res.status !== 201) throw new Error(`top-up answered ${res.status}: ${res.text}`);
  return res;
}
