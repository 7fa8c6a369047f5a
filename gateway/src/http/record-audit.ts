import { withRequestMetadata } from '@travel/grpc';
import type { Response } from 'express';
import type { ServiceClients } from '../clients/service-clients';
import { callerOf } from './caller';
import { requestContextOf } from './request-context';

/** One console change as identity's audit log shows it: `blog.published` on `blog` `blg_12`. */
export interface AuditedChange {
  action: string;
  targetType: string;
  targetId: string;
  /** What changed (never a secret). */
  details?: object;
}

/**
 * Appends a change a service has stored to identity's one audit log, as the signed-in staff member. A failure
 * to record is logged, not answered: the change stands, and a 5xx would invite a retry that repeats it. For the
 * same reason it is not cancelled when the client hangs up, nor cut short by the request's budget: it has the
 * client's own deadline (GRPC_DEADLINE_MS).
 */
export async function recordAudit(
  clients: ServiceClients,
  res: Response,
  change: AuditedChange,
): Promise<void> {
  try {
    await clients.audit.recordAuditEntry(
      {
        caller: callerOf(res),
        action: change.action,
        targetType: change.targetType,
        targetId: change.targetId,
        detailsJson: JSON.stringify(change.details ?? {}),
      },
      withRequestMetadata(requestContextOf(res).requestId),
    );
  } catch (error) {
    requestContextOf(res).log.error({ err: error, audit: change }, 'audit entry not recorded');
  }
}
