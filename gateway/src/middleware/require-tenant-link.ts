import { AppError } from '@travel/errors';
import type { RequestHandler } from 'express';
import { partnerKeyOf } from '../http/request-context';
import { forAccess } from './for-access';

/**
 * Partner routes, step 6: bookings and invoices belong to a tenant, so their routes need a linked client.
 * It runs after the rate limit, so a refusal counts against the key and carries the RateLimit-* headers.
 */
export const requireTenantLink: RequestHandler = forAccess('partner', (_req, res, access) => {
  if (access.tenantLinked && partnerKeyOf(res).tenantId === null)
    throw new AppError(
      'client_not_linked',
      'This API client is not linked to a tenant, so it cannot use this route.',
    );
});
