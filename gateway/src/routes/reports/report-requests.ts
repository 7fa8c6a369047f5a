import type { reports } from '@travel/contracts';
import { AppError } from '@travel/errors';
import type { Response } from 'express';
import { z } from 'zod';
import type { ServiceClients } from '../../clients/service-clients';
import { actorOf, callOptions } from '../../http/calls';
import { staffOf } from '../../http/request-context';
import { isoDay } from '../admin/params';

/** What a platform administrator passes as `tenantId` for the bookings without a tenant. */
export const STOREFRONT_SCOPE = 'storefront';
/** A report without dates covers the 30 days up to today (UTC). */
const DEFAULT_DAYS = 30;

const place = z.string().trim().min(1).max(100);

/** `POST /api/search-logs`: what the storefront searched; no personal data is accepted. */
export const searchLogSchema = z.strictObject({
  service: z.enum(['flight', 'hotel', 'car']),
  from: place.optional(),
  to: place.optional(),
  city: place.optional(),
  pickup: place.optional(),
  startDate: isoDay.optional(),
  endDate: isoDay.optional(),
});

export const salesQuery = z.strictObject({
  from: isoDay.optional(),
  to: isoDay.optional(),
  service: z.enum(['flight', 'hotel', 'car']).optional(),
  tenantId: z.string().trim().min(1).max(100).optional(),
});

export const destinationsQuery = salesQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

/** The period asked, `to` defaulting to today and `from` to the 30 days before it. */
export function periodOf(query: { from?: string; to?: string }, now: Date): { from: string; to: string } {
  const to = query.to ?? now.toISOString().slice(0, 10);
  const from =
    query.from ??
    new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

/**
 * Whose bookings a report counts (decisions.md "Who may call what"): tenant staff their own tenant (another
 * tenant's id is `404`); the platform every tenant and the storefront, one tenant (`404` if unknown), or
 * `storefront` for the customers' bookings.
 */
export async function reportScopeOf(
  clients: ServiceClients,
  res: Response,
  tenantId: string | undefined,
): Promise<reports.TenantScope> {
  const staff = staffOf(res);
  if (staff.tenantId !== null) {
    if (tenantId !== undefined && tenantId !== staff.tenantId)
      throw new AppError('not_found', `No tenant with id ${tenantId}.`);
    return { all: false, tenantId: staff.tenantId };
  }
  if (tenantId === undefined) return { all: true, tenantId: '' };
  if (tenantId === STOREFRONT_SCOPE) return { all: false, tenantId: '' };
  await clients.tenants.getTenant({ actor: actorOf(res), id: tenantId }, callOptions(res));
  return { all: false, tenantId };
}
