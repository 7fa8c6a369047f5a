import { engagement } from '@travel/contracts';
import { createPeerClient, jobCaller, type PeerClientOptions } from '@travel/grpc';
import type { Logger } from '@travel/logger';
import { disableNoticeOf } from '../domain/endpoints/disable-notice';
import type { Endpoint } from '../domain/endpoints/endpoint';

const autoDisable = jobCaller('webhook.auto-disable');

/**
 * Engagement as the auto-disable job uses it: a disabled endpoint's notice handed over, and engagement emails
 * the tenant's active staff (its outbox, over the platform's SMTP). Throws when engagement did not take it, so
 * the notice stays owed for the next pass.
 */
export function createStaffNotifier(address: string, options: PeerClientOptions, logger: Logger) {
  const client = createPeerClient(engagement.EngagementServiceDefinition, address, options);
  return async function notify(endpoint: Endpoint): Promise<void> {
    const notice = disableNoticeOf(endpoint);
    if (!notice)
      return logger.info({ endpointId: endpoint.id }, 'auto-disabled endpoint has no tenant to tell');
    const { recipients } = await client.notifyTenantStaff({ caller: autoDisable, ...notice });
    logger.info({ endpointId: endpoint.id, recipients }, 'auto-disable notice handed to engagement');
  };
}
