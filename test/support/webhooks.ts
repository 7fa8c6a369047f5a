import { partnerCall } from './bookings';
import type { ApiResponse } from './gateway';

export interface WebhookEndpoint {
  id: string;
  url: string;
  events: string[];
  status: string;
  createdAt: string;
  secret?: string;
}

/** `POST /webhooks` with this key; the body as given (an object), checked against the OpenAPI document. */
export function registerWebhook(secret: string, body: unknown): Promise<ApiResponse> {
  return partnerCall(secret, 'POST', '/api/v1/webhooks', { body: JSON.stringify(body) });
}

export const endpointOf = (res: ApiResponse) => (res.body as { data: WebhookEndpoint }).data;
