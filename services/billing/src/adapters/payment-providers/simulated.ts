import { randomBytes } from 'node:crypto';
import type { PaymentProvider, ProviderPayment } from '../../domain/payment-provider';

/**
 * The built-in simulator (`provider: simulated`, the default of `npm start` and of a platform with no
 * gateway): no outside call, a payment succeeds at once with a reference shaped as a provider's. It keeps
 * nothing, so reading answers a succeeded payment of unknown amount; billing never reads a simulated
 * payment back (it is settled when created). Every payment it records says `simulated: true`.
 */
export function createSimulatedProvider(): PaymentProvider {
  const succeeded = (reference: string, amount: number, metadata = {}): ProviderPayment => ({
    reference,
    status: 'succeeded',
    amount,
    clientSecret: null,
    metadata,
  });
  return {
    simulated: true,
    async createPayment(request) {
      return succeeded(`sim_${randomBytes(9).toString('base64url')}`, request.amount, request.metadata);
    },
    async readPayment(reference) {
      return succeeded(reference, 0);
    },
    async cancelPayment(reference) {
      return { ...succeeded(reference, 0), status: 'failed' };
    },
    async refund(request) {
      return {
        reference: `simr_${randomBytes(9).toString('base64url')}`,
        status: 'succeeded',
        amount: request.amount ?? 0,
      };
    },
    // It sends none: anything posted in its name is refused as unsigned.
    parseWebhook: () => ({ kind: 'bad_signature' }),
  };
}
