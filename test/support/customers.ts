import { type ApiResponse, call, expectDocumented } from './gateway';

const json = { 'content-type': 'application/json' };

/** The storefront password every test customer gets (meets the rule: 8+ characters, a letter and a number). */
export const CUSTOMER_PASSWORD = 'storefront-pass-2026';

export interface CustomerSession {
  /** Customer access token (`aud` customer), for `Authorization: Bearer`. */
  token: string;
  refreshToken: string;
  expiresIn: number;
  user: { id: string; email: string; fullName: string; mobile: string | null };
  email: string;
  password: string;
  /** `{ authorization: 'Bearer <token>' }`. */
  headers: Record<string, string>;
}

/** A customer email no other test uses. */
export function uniqueCustomerEmail(prefix = 'shopper'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@shopper.example`;
}

/** `POST /api/auth/register` for a fresh customer (signed in at once), checked against the OpenAPI document. */
export async function registerCustomer(
  fields: { email?: string; fullName?: string; mobile?: string } = {},
): Promise<CustomerSession> {
  const email = fields.email ?? uniqueCustomerEmail();
  const res = await call('POST', '/api/auth/register', {
    headers: json,
    body: JSON.stringify({ fullName: 'Test Shopper', ...fields, email, password: CUSTOMER_PASSWORD }),
  });
  await expectDocumented('POST', '/api/auth/register', res);
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${res.text}`);
  return sessionOf(res, email, CUSTOMER_PASSWORD);
}

/** `POST /api/auth/login`, checked against the OpenAPI document (any status). */
export async function customerLogin(email: string, password = CUSTOMER_PASSWORD): Promise<ApiResponse> {
  const res = await call('POST', '/api/auth/login', {
    headers: json,
    body: JSON.stringify({ email, password }),
  });
  await expectDocumented('POST', '/api/auth/login', res);
  return res;
}

/** The tokens of a `register`/`login`/`refresh` answer. */
export function sessionOf(res: ApiResponse, email: string, password = CUSTOMER_PASSWORD): CustomerSession {
  const data = (res.body as { data: Omit<CustomerSession, 'email' | 'password' | 'headers'> }).data;
  return { ...data, email, password, headers: { authorization: `Bearer ${data.token}` } };
}
