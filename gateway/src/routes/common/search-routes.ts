import type { caller } from '@travel/contracts';
import type { Response } from 'express';
import type { ServiceClients } from '../../clients/service-clients';
import { callOptions } from '../../http/calls';
import { dataBody } from '../../http/envelope';
import type { RouteAccess, RouteDefinition } from '../../http/route-table';
import { validateAcross } from '../../http/validate-across';
import { presentCar, presentFlight, presentHotel } from './offer-presenters';
import { carSearchBody, flightSearchBody, hotelSearchBody } from './partner-contract/operations';
import { searchDateOrder } from './partner-contract/search-date-order';

// The HTTP contract (types, required fields, ranges, defaults, dates that are real days, not in the past and in
// order) is checked here with the partner contract's schemas and date order; places are the search service's to
// judge (known cities and airports), which the document says in words (`x-rule`), and it checks the dates again.

/** Who searches, as the search service takes it: a partner's caller, or the public storefront (no caller). */
export interface Searcher {
  caller?: caller.Caller;
  storefront: boolean;
}

/** An automatic discount on a price: which, how much, and what is left to pay. */
export interface DiscountLine {
  id: string;
  name: string;
  amount: number;
  total: number;
}

/** The discount lines of a search's prices (one per total, in order; null where none applies). */
export type DiscountLines = (
  service: string,
  totals: number[],
  res: Response,
) => Promise<Array<DiscountLine | null>>;

/**
 * The three search routes under a prefix, for one kind of caller: partners (`/api/v1/search`, their key's
 * tenant) and the storefront (`/api/search`, public). Same bodies, same offers; the searcher decides the
 * price and whom the offer tokens are bound to; the storefront's offers also carry a `discount` line.
 */
export function searchRoutesAt(options: {
  clients: ServiceClients;
  prefix: string;
  access: RouteAccess;
  searcherOf: (res: Response) => Searcher;
  discountLines?: DiscountLines;
}): RouteDefinition[] {
  const { clients, prefix, access, searcherOf, discountLines } = options;
  /** Each group of presented offers, with its discount line when the caller shows them. */
  async function withLines<T extends { price: { total: number } }>(
    service: string,
    groups: T[][],
    res: Response,
  ): Promise<Array<Array<T | (T & { discount: DiscountLine | null })>>> {
    if (!discountLines) return groups;
    const lines = await discountLines(
      service,
      groups.flat().map((offer) => offer.price.total),
      res,
    );
    let index = 0;
    return groups.map((group) => group.map((offer) => ({ ...offer, discount: lines[index++] ?? null })));
  }
  return [
    {
      method: 'post',
      path: `${prefix}/flights`,
      access,
      handlers: [
        async (req, res) => {
          const body = validateAcross(flightSearchBody, req.body, [searchDateOrder.flights]);
          const reply = await clients.search.searchFlights({ ...searcherOf(res), ...body }, callOptions(res));
          const [onward = [], back = []] = await withLines(
            'flight',
            [reply.onward.map(presentFlight), reply.return.map(presentFlight)],
            res,
          );
          const data = { simulated: simulatedOf(reply), onward };
          res.json(dataBody(reply.roundTrip ? { ...data, return: back } : data));
        },
      ],
    },
    {
      method: 'post',
      path: `${prefix}/hotels`,
      access,
      handlers: [
        async (req, res) => {
          const body = validateAcross(hotelSearchBody, req.body, [searchDateOrder.hotels]);
          const reply = await clients.search.searchHotels({ ...searcherOf(res), ...body }, callOptions(res));
          const [results = []] = await withLines('hotel', [reply.results.map(presentHotel)], res);
          res.json(dataBody({ simulated: simulatedOf(reply), nights: reply.nights, results }));
        },
      ],
    },
    {
      method: 'post',
      path: `${prefix}/cars`,
      access,
      handlers: [
        async (req, res) => {
          const body = validateAcross(carSearchBody, req.body, [searchDateOrder.cars]);
          const reply = await clients.search.searchCars({ ...searcherOf(res), ...body }, callOptions(res));
          const [results = []] = await withLines('car', [reply.results.map(presentCar)], res);
          res.json(dataBody({ simulated: simulatedOf(reply), days: reply.days, results }));
        },
      ],
    },
  ];
}

/**
 * Whether the answer's offers came from simulated supply, as search says; a search that does not say (older than
 * the field) counts as simulated: a simulated offer must never pass for a supplier's (docs/decisions/sandbox.md).
 */
const simulatedOf = (reply: { simulated?: boolean | undefined }) => reply.simulated ?? true;
