import { z } from 'zod';
import { defineOperations } from '../../openapi/contract';
import { WalletEntry } from '../common/internal-components';
import { pageOf, pageQuery } from '../common/partner-contract/operations';
import { CardRefundStatus } from './bookings.contract';

// The wallet and refund routes' schemas (wallet.routes.ts validates their query with `pageQuery`); their
// words are in internal.texts.yaml.

export const Refund = z.strictObject({
  id: z.string().meta({ description: '`rfd_<n>`, one per cancelled booking.' }),
  bookingId: z.string(),
  amount: z.number().int().min(0).meta({ description: 'Everything refunded; 0 when not refundable.' }),
  currency: z.literal('INR'),
  status: z.enum(['completed', 'not_refundable']),
  walletAmount: z.number().int().min(0).meta({ description: 'Of `amount`: credited to the wallet at once.' }),
  cardAmount: z
    .number()
    .int()
    .min(0)
    .meta({ description: 'Of `amount`: refunded to the card through the payment provider.' }),
  cardStatus: CardRefundStatus,
  createdAt: z.iso.datetime(),
});

/** The balance and a page of the ledger: the page's `hasMore` and `nextCursor` beside `data`. */
const WalletPage = pageOf(WalletEntry).extend({
  data: z.strictObject({
    balance: z.number().int().min(0),
    currency: z.literal('INR'),
    entries: z.array(WalletEntry),
  }),
});

export const walletContract = {
  operations: defineOperations({
    getWallet: { method: 'get', path: '/wallet', query: pageQuery, responses: { '200': WalletPage } },
    listRefunds: { method: 'get', path: '/refunds', query: pageQuery, responses: { '200': pageOf(Refund) } },
  }),
  components: { Refund },
};
