import type { Endpoint } from './endpoint';

/** What an auto-disabled endpoint's tenant staff are told, and the id that makes telling them twice harmless. */
export interface DisableNotice {
  /** One per disable: the endpoint and the moment it was disabled. */
  noticeId: string;
  tenantId: string;
  subject: string;
  text: string;
}

/** The notice of a disabled endpoint; null when it has no tenant (a client not linked: no staff to tell). */
export function disableNoticeOf(endpoint: Endpoint): DisableNotice | null {
  if (!endpoint.tenantId || !endpoint.statusChangedAt) return null;
  return {
    noticeId: `webhook-disabled:${endpoint.id}:${endpoint.statusChangedAt.getTime()}`,
    tenantId: endpoint.tenantId,
    subject: `Webhook endpoint ${endpoint.id} was disabled`,
    text: [
      `The ${endpoint.environment} webhook endpoint ${endpoint.id} of API client ${endpoint.clientId} was disabled`,
      `at ${endpoint.statusChangedAt.toISOString()}.`,
      '',
      `URL: ${endpoint.url}`,
      `Reason: ${endpoint.disabledReason ?? 'disabled'}`,
      '',
      'It receives no events while disabled. Fix the receiver, then enable the endpoint again',
      '(PATCH /api/v1/webhooks/{id} with {"enabled": true}): it receives the events from then on. Deliveries',
      'that failed can be sent again with POST /api/v1/webhooks/{id}/recover; GET /api/v1/events lists what',
      'happened meanwhile.',
    ].join('\n'),
  };
}
