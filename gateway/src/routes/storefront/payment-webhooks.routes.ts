import { jobCaller } from '@travel/grpc';
import type { Logger } from '@travel/logger';
import type { ServiceClients } from '../../clients/service-clients';
import { callOptions } from '../../http/calls';
import { dataBody } from '../../http/envelope';
import { requestContextOf } from '../../http/request-context';
import type { RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import { paymentWebhookParams } from './payment-webhooks.contract';

const webhookJob = jobCaller('gateway.payment-webhook');

/**
 * `POST /api/webhooks/payments/{gatewayId}`: public, authenticated by the provider's signature alone, which
 * billing checks with the gateway's webhook secret over the raw body before anything is stored
 * (docs/decisions/billing.md "Storefront card payments through a provider"). A payment that moved is then driven
 * through its booking (confirmed or cancelled); should that fail, billing has the word and the settler
 * finishes the booking, so the provider is still answered `200` and does not resend.
 */
export function paymentWebhookRoutes({
  clients,
  logger,
}: {
  clients: ServiceClients;
  logger: Logger;
}): RouteDefinition[] {
  return [
    {
      method: 'post',
      path: '/api/webhooks/payments/:gatewayId',
      access: { kind: 'public' },
      rawBody: true,
      handlers: [
        async (req, res) => {
          const { gatewayId } = validate(paymentWebhookParams, req.params, 'path');
          // As `payment-webhooks`, the peer billing and booking allow for provider events alone.
          const reply = await clients.providerEvents.wallet.receivePaymentWebhook(
            {
              caller: webhookJob,
              gatewayId,
              rawBody: requestContextOf(res).rawBody ?? Buffer.alloc(0),
              signature: req.get('stripe-signature') ?? '',
            },
            callOptions(res),
          );
          if (reply.bookingId && reply.paymentStatus !== 'pending')
            await clients.providerEvents.storefrontBooking
              .settleStorefrontBooking({ caller: webhookJob, bookingId: reply.bookingId }, callOptions(res))
              .catch((error: unknown) =>
                logger.warn(
                  { err: error, bookingId: reply.bookingId },
                  'booking not settled after its payment webhook; the settler will',
                ),
              );
          res.json(
            dataBody({
              received: true,
              eventId: reply.eventId,
              bookingId: reply.bookingId ?? null,
              paymentStatus: reply.paymentStatus ?? null,
            }),
          );
        },
      ],
    },
  ];
}
