import { randomUUID } from 'node:crypto';
import { inDays } from '@travel/testkit';
import { bearer } from './admin';
import { type ApiResponse, call, expectDocumented } from './gateway';

const json = { 'content-type': 'application/json' };

export interface FlightOffer {
  from: string;
  to: string;
  date: string;
  offerToken: string;
  price: { total: number };
}

export interface Booking {
  id: string;
  pnr: string;
  type: string;
  route: string;
  date: string;
  status: string;
  amount: number;
  reference: string | null;
  livemode: boolean;
  simulated: boolean;
  createdAt: string;
  contact?: { name: string; email: string; phone: string | null };
  travellers?: { firstName: string; lastName: string }[];
}

/** Calls the gateway with a key and checks the answer against the OpenAPI document, as every e2e call does. */
export async function partnerCall(
  secret: string,
  method: string,
  path: string,
  options: { body?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse> {
  const headers = { ...bearer(secret), ...(options.body === undefined ? {} : json), ...options.headers };
  const res = await call(method, path, { headers, body: options.body });
  await expectDocumented(method, path, res);
  return res;
}

/** Offers of a flight search with this key (each with its own token), 30 days ahead by default. */
export async function flightOffers(secret: string, departDate = inDays(30)): Promise<FlightOffer[]> {
  const res = await partnerCall(secret, 'POST', '/api/v1/search/flights', {
    body: JSON.stringify({ from: 'DEL', to: 'BOM', departDate }),
  });
  if (res.status !== 200) throw new Error(`search answered ${res.status}: ${res.text}`);
  return (res.body as { data: { onward: FlightOffer[] } }).data.onward;
}

export const contact = { name: 'Asha Rao', email: 'asha.rao@example.com' };

/** `POST /bookings` with a body (an object, or JSON text sent as is) and a key (a fresh UUID unless given). */
export function book(
  secret: string,
  body: unknown,
  idempotencyKey: string | null = randomUUID(),
): Promise<ApiResponse> {
  return partnerCall(secret, 'POST', '/api/v1/bookings', {
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey },
  });
}

export const dataOf = (res: ApiResponse) => (res.body as { data: Booking }).data;
export const errorOf = (res: ApiResponse) =>
  (res.body as { error: { code: string; details: { path: string }[] | null } }).error;
export const detailPaths = (res: ApiResponse) => errorOf(res).details?.map((detail) => detail.path);
