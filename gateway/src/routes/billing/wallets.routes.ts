import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { dataBody } from '../../http/envelope';
import { requireCustomer } from '../../http/references';
import type { RouteAccess, RouteDefinition } from '../../http/route-table';
import { CUSTOMER_SUPPORT_RIGHT } from '../common/customer-support';
import { idempotentHandler, markReplayed, readIdempotentChange } from '../common/idempotency';
import { stringParam } from '../common/params';
import { presentWalletEntry } from '../common/wallet-presenters';
import { topUpBody } from './wallets.contract';

const support: RouteAccess = { kind: 'staff', platformOnly: true, right: CUSTOMER_SUPPORT_RIGHT };

/**
 * `POST /api/admin/wallets/:customerId/top-ups`: a staff credit to a customer's wallet (a goodwill gesture, a
 * test), once per `Idempotency-Key` (required: a retry with it credits nothing more).
 */
export function walletAdminRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  return [
    {
      method: 'post',
      path: '/api/admin/wallets/:customerId/top-ups',
      access: support,
      handlers: [
        idempotentHandler(async (req, res) => {
          const customerId = stringParam(req, 'customerId');
          const { body, idempotency } = readIdempotentChange(topUpBody, req, {
            required: true,
            target: { customerId },
          });
          // Billing knows wallets, not customers: identity says whether this one exists (404 if not).
          await requireCustomer(clients, res, customerId);
          const reply = await clients.wallet.topUpWallet(
            {
              caller: callerOf(res),
              customerId,
              ...body,
              idempotencyKey: idempotency?.key,
              requestFingerprint: idempotency?.requestFingerprint,
            },
            callOptions(res),
          );
          if (!reply.entry) throw new Error('billing answered no wallet entry');
          const entry = presentWalletEntry(reply.entry);
          // Billing stores the credit with its audit entry (`wallet.topped_up`), once per key.
          markReplayed(res, reply.replayed);
          res.status(201).json(dataBody({ customerId, balance: reply.balance, entry }));
        }),
      ],
    },
  ];
}
