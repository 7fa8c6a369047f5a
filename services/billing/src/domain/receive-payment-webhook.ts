import type { wallet } from '@travel/contracts';
import { AppError, badRequest } from '@travel/errors';
import type { Logger } from '@travel/logger';
import type { StorefrontPayments } from '../db/storefront-payment.repository';
import type { MovePayment } from './move-payment';
import type { PaymentProviders } from './payment-providers';
import type { PaymentStatus } from './wallet';

export interface ReceivePaymentWebhookDeps {
  payments: StorefrontPayments;
  providers: PaymentProviders;
  movePayment: MovePayment;
  logger: Logger;
}

export interface WebhookOutcome {
  eventId: string;
  bookingId: string | null;
  paymentStatus: PaymentStatus | null;
}

const GATEWAY_ID = /^pgw_[0-9]{1,15}$/;

/**
 * A provider's webhook for one gateway. Verified first, with that gateway's webhook secret over the raw
 * body: an unknown gateway, one that sends no webhooks or a signature that does not verify is `bad_request`
 * and nothing is read further or stored. A verified payment event moves its payment once (move-payment.ts:
 * a duplicate is a no-op); one about a payment not recorded yet (the booking's write has not finished) is
 * `conflict`, which the provider retries, and the settler reconciles meanwhile. Events about other
 * things are acknowledged and ignored.
 */
export function createReceivePaymentWebhook(deps: ReceivePaymentWebhookDeps) {
  return async (request: wallet.ReceivePaymentWebhookRequest): Promise<WebhookOutcome> => {
    const provider = GATEWAY_ID.test(request.gatewayId)
      ? await deps.providers.ofWebhook(request.gatewayId)
      : null;
    const parsed = provider
      ? provider.parseWebhook(Buffer.from(request.rawBody), {
          'stripe-signature': request.signature || undefined,
        })
      : ({ kind: 'bad_signature' } as const);
    if (parsed.kind === 'bad_signature') {
      deps.logger.warn(
        { gatewayId: request.gatewayId.slice(0, 40) },
        'payment webhook refused: signature does not verify',
      );
      throw badRequest([
        { path: 'Stripe-Signature', message: 'does not verify with this gateway’s webhook secret' },
      ]);
    }
    if (parsed.kind === 'ignored') return { eventId: parsed.eventId, bookingId: null, paymentStatus: null };
    const payment = await deps.payments.findByReference(request.gatewayId, parsed.payment.reference);
    if (!payment)
      throw new AppError('conflict', `Payment ${parsed.payment.reference} is not recorded yet; retry later.`);
    const moved = await deps.movePayment(payment, parsed.payment);
    deps.logger.info(
      {
        gatewayId: request.gatewayId,
        eventId: parsed.eventId,
        type: parsed.type,
        bookingId: moved.bookingId,
        status: moved.status,
      },
      'payment webhook received',
    );
    return { eventId: parsed.eventId, bookingId: moved.bookingId, paymentStatus: moved.status };
  };
}
