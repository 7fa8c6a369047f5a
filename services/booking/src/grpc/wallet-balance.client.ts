import type { wallet } from '@travel/contracts';
import { type ServiceClient, withRequestMetadata } from '@travel/grpc';
import type { WalletBalance } from '../domain/create-offline-booking';

/** Billing's answer to "what does this customer's wallet hold now" (whole rupees). */
export function createWalletBalance(
  client: ServiceClient<typeof wallet.WalletServiceDefinition>,
): WalletBalance {
  return async (customerId, requestId) => {
    const reply = await client.getWallet({ customerId, limit: 1 }, withRequestMetadata(requestId));
    return reply.balance;
  };
}
