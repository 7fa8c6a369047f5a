import type { reports } from '@travel/contracts';
import type { RequestContext, ServiceImplementation } from '@travel/grpc';
import { STOREFRONT } from '../domain/facts';
import type { createLogSearch } from '../domain/log-search';
import type { createReadPopularDestinations } from '../domain/read-popular-destinations';
import type { createReadSales } from '../domain/read-sales';

export interface ReportsUseCases {
  logSearch: ReturnType<typeof createLogSearch>;
  readSales: ReturnType<typeof createReadSales>;
  readPopularDestinations: ReturnType<typeof createReadPopularDestinations>;
}

/** Thin handlers: decode, call one use case, encode. */
export function createReportsGrpc(
  useCases: ReportsUseCases,
): ServiceImplementation<typeof reports.ReportsServiceDefinition, RequestContext> {
  return {
    recordSearch(request) {
      return useCases.logSearch(request);
    },
    async getSales(request) {
      const { rows, totals } = await useCases.readSales(request);
      return {
        rows: rows.map(({ tenantId, ...row }) => ({
          ...row,
          tenantId: tenantId === STOREFRONT ? undefined : tenantId,
        })),
        totals,
      };
    },
    async getPopularDestinations(request) {
      return { destinations: await useCases.readPopularDestinations(request) };
    },
  };
}
