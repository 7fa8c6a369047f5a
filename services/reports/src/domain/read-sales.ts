import type { reports } from '@travel/contracts';
import type { SaleFactRepository, SalesTally } from '../db/sale-fact.repository';
import { periodOf } from './period';
import { tenantFilterOf } from './scope';

export type SalesFigures = reports.SalesFigures;

export interface SalesRow {
  day: string;
  service: string;
  /** `''`: the storefront. */
  tenantId: string;
  figures: SalesFigures;
}

/** Bookings and cancellations by day, service and tenant over a period, cancellations netted. */
export function createReadSales(deps: { sales: SaleFactRepository }) {
  return async (request: reports.GetSalesRequest): Promise<{ rows: SalesRow[]; totals: SalesFigures }> => {
    const tenantId = tenantFilterOf(request.caller, request.tenantId);
    const period = periodOf(request);
    const tallies = await deps.sales.tally({ ...period, tenantId });
    const rows = new Map<string, SalesRow>();
    for (const tally of tallies) {
      const key = `${tally.day}|${tally.service}|${tally.tenantId}`;
      const row = rows.get(key) ?? {
        day: tally.day,
        service: tally.service,
        tenantId: tally.tenantId,
        figures: zero(),
      };
      add(row.figures, tally);
      rows.set(key, row);
    }
    const sorted = [...rows.values()].sort((a, b) => order(a).localeCompare(order(b)));
    const totals = zero();
    for (const tally of tallies) add(totals, tally);
    return { rows: sorted, totals };
  };
}

const order = (row: SalesRow) => `${row.day}|${row.service}|${row.tenantId}`;

function zero(): SalesFigures {
  return { bookings: 0, bookedAmount: 0, cancellations: 0, cancelledAmount: 0, netBookings: 0, netAmount: 0 };
}

function add(figures: SalesFigures, tally: SalesTally): void {
  if (tally.kind === 'booking') {
    figures.bookings += tally.count;
    figures.bookedAmount += tally.amount;
  } else {
    figures.cancellations += tally.count;
    figures.cancelledAmount += tally.amount;
  }
  figures.netBookings = figures.bookings - figures.cancellations;
  figures.netAmount = figures.bookedAmount - figures.cancelledAmount;
}
