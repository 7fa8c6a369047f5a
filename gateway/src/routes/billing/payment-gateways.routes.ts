import type { paymentGateways } from '@travel/contracts';
import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { dataBody, listBody } from '../../http/envelope';
import type { RouteAccess, RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import { directoryPageQuery } from '../common/internal-components';
import { stringParam } from '../common/params';
import {
  createPaymentGatewayBody,
  setDefaultPaymentGatewayBody,
  updatePaymentGatewayBody,
} from './payment-gateways.contract';

/** Platform configuration: storefront payments are the platform's, so only its administrators (right `settings`). */
const platform: RouteAccess = { kind: 'staff', platformOnly: true, right: 'settings' };

/**
 * Payment gateways (billing): provider, display name, write-only credentials (sealed with AES-256-GCM in
 * billing), exactly one default. Every change is audited with the gateway and what changed, never a credential.
 */
export function paymentGatewayRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  const api = clients.paymentGateways;
  return [
    {
      method: 'get',
      path: '/api/admin/payment-gateways/status',
      access: platform,
      handlers: [
        async (_req, res) => {
          const reply = await api.getPaymentStatus({ caller: callerOf(res) }, callOptions(res));
          res.json(
            dataBody({
              scope: 'platform',
              cardPayments: reply.cardPayments,
              defaultGatewayId: reply.defaultGatewayId ?? null,
              simulatorEnabled: reply.simulatorEnabled,
              refusal: reply.refusal ?? null,
              message: reply.message,
            }),
          );
        },
      ],
    },
    {
      method: 'get',
      path: '/api/admin/payment-gateways',
      access: platform,
      handlers: [
        async (req, res) => {
          const page = validate(directoryPageQuery, req.query, 'query');
          const reply = await api.listPaymentGateways({ caller: callerOf(res), ...page }, callOptions(res));
          res.json(listBody(reply.gateways.map(presentGateway), reply.nextCursor ?? null));
        },
      ],
    },
    {
      method: 'post',
      path: '/api/admin/payment-gateways',
      access: platform,
      handlers: [
        async (req, res) => {
          const body = validate(createPaymentGatewayBody, req.body);
          const { gateway } = await api.createPaymentGateway(
            { caller: callerOf(res), ...body },
            callOptions(res),
          );
          const view = presentGateway(gateway);
          res.status(201).json(dataBody(view));
        },
      ],
    },
    {
      method: 'put',
      path: '/api/admin/payment-gateways/:id',
      access: platform,
      handlers: [
        async (req, res) => {
          const body = validate(updatePaymentGatewayBody, req.body);
          const { gateway } = await api.updatePaymentGateway(
            {
              caller: callerOf(res),
              id: stringParam(req, 'id'),
              displayName: body.displayName,
              credentials: body.credentials ?? {},
              replaceCredentials: body.credentials !== undefined,
            },
            callOptions(res),
          );
          const view = presentGateway(gateway);
          res.json(dataBody(view));
        },
      ],
    },
    {
      method: 'delete',
      path: '/api/admin/payment-gateways/:id',
      access: platform,
      handlers: [
        async (req, res) => {
          const id = stringParam(req, 'id');
          await api.deletePaymentGateway({ caller: callerOf(res), id }, callOptions(res));
          res.json(dataBody({ id, deleted: true }));
        },
      ],
    },
    {
      method: 'post',
      path: '/api/admin/payment-gateways/:id/set-default',
      access: platform,
      handlers: [
        async (req, res) => {
          validate(setDefaultPaymentGatewayBody, req.body);
          const { gateway } = await api.setDefaultPaymentGateway(
            { caller: callerOf(res), id: stringParam(req, 'id') },
            callOptions(res),
          );
          const view = presentGateway(gateway);
          res.json(dataBody(view));
        },
      ],
    },
  ];
}

/** A gateway as answered: never its credentials, only whether some are stored. */
function presentGateway(gateway: paymentGateways.PaymentGateway | undefined) {
  if (!gateway) throw new Error('billing answered no payment gateway');
  return {
    id: gateway.id,
    provider: gateway.provider,
    displayName: gateway.displayName,
    isDefault: gateway.isDefault,
    credentialsSet: gateway.credentialsSet,
    createdAt: gateway.createdAt?.toISOString() ?? null,
    updatedAt: gateway.updatedAt?.toISOString() ?? null,
  };
}
