/** Exactly the six scopes of the partner API (gateway/openapi/partner.yaml, `GET /me`). */
export const SCOPES = [
  'search:read',
  'pricing:read',
  'bookings:read',
  'bookings:write',
  'invoices:read',
  'webhooks:manage',
] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}
