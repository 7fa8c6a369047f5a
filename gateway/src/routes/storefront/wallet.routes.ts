import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { dataBody, listBody } from '../../http/envelope';
import { customerOf } from '../../http/request-context';
import type { RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import { listBookingsQuery as pageQuery } from '../common/booking-requests';
import { presentWalletEntry } from '../common/wallet-presenters';
import { presentRefund } from './booking-presenters';

const customer = { kind: 'customer' } as const;

/** `GET /api/wallet` (balance and a page of the ledger, newest first) and `GET /api/refunds` (newest first). */
export function walletRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: '/api/wallet',
      access: customer,
      handlers: [
        async (req, res) => {
          const { limit, cursor } = validate(pageQuery, req.query, 'query');
          const reply = await clients.wallet.getWallet(
            { caller: callerOf(res), customerId: customerOf(res).customerId, limit, cursor },
            callOptions(res),
          );
          // `{ balance, currency, entries }` (docs/decisions/bookings.md, "Wallet ledger"); the page of entries carries the list fields.
          const nextCursor = reply.nextCursor ?? null;
          res.json({
            ...dataBody({
              balance: reply.balance,
              currency: reply.currency,
              entries: reply.entries.map(presentWalletEntry),
            }),
            hasMore: nextCursor !== null,
            nextCursor,
          });
        },
      ],
    },
    {
      method: 'get',
      path: '/api/refunds',
      access: customer,
      handlers: [
        async (req, res) => {
          const { limit, cursor } = validate(pageQuery, req.query, 'query');
          const reply = await clients.wallet.listRefunds(
            { caller: callerOf(res), customerId: customerOf(res).customerId, limit, cursor },
            callOptions(res),
          );
          res.json(listBody(reply.refunds.map(presentRefund), reply.nextCursor ?? null));
        },
      ],
    },
  ];
}
