import type { wallet } from '@travel/contracts';
import { jobCaller, type PeerClient } from '@travel/grpc';
import type { WalletBalance } from '../domain/create-offline-booking';

/**
 * Billing's answer to "what does this customer's wallet hold now" (whole rupees), read as booking's own step
 * before it pays an offline booking from that wallet (the staff member was authorised at booking's edge).
 */
const offlineBooking = jobCaller('booking.offline-booking');

export function createWalletBalance(
  client: PeerClient<typeof wallet.WalletServiceDefinition>,
): WalletBalance {
  return async (customerId, requestId) => {
    const reply = await client.getWallet({ caller: offlineBooking, customerId, limit: 1 }, { requestId });
    return reply.balance;
  };
}
