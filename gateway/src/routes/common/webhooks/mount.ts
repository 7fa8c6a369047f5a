import type { caller, webhook } from '@travel/contracts';
import type { Request, Response } from 'express';
import type { RouteAccess } from '../../../http/route-table';

/** Whose endpoints a call manages, as the webhook service takes it: the caller, and for tenant staff the client. */
export interface WebhookTarget {
  caller: caller.Caller;
  client?: webhook.ClientScope;
}

/**
 * Where one set of the webhook routes is mounted and for whom: the partner API (`/api/v1/webhooks`, the key's own
 * client and mode) or the partner console (`/api/admin/api-console/clients/:clientId/webhooks`, tenant staff for
 * one client of their tenant and a mode). The handlers are the same; the webhook service checks the target again.
 */
export interface WebhookMount {
  /** The path of the endpoint list; an endpoint is `<base>/:id`. */
  base: string;
  access: RouteAccess;
  /** Reads (and checks) whose endpoints the request is about. */
  targetOf(req: Request, res: Response): WebhookTarget;
}
