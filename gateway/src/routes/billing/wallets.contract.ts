import { z } from 'zod';
import { defineOperations } from '../../openapi/contract';
import { WalletEntry } from '../common/internal-components';
import { nonBlank } from '../common/params';
import { dataOf, idempotencyKey } from '../common/partner-contract/operations';

// The wallet top-up's schemas (wallets.routes.ts validates with them); its words are in internal.texts.yaml.

export const topUpBody = z.strictObject({
  amount: z.number().int().min(1).max(10_000_000),
  note: nonBlank(200).optional(),
});

const TopUp = z.strictObject({
  customerId: z.string(),
  balance: z.number().int().min(0),
  entry: WalletEntry,
});

export const walletsContract = {
  operations: defineOperations({
    topUpWallet: {
      method: 'post',
      path: '/admin/wallets/{customerId}/top-ups',
      params: z.object({
        customerId: z.string().meta({
          description: '`cus_<n>`; anything else, or an unknown customer, is `404`.',
          examples: ['cus_17'],
        }),
      }),
      headers: z.object({
        'Idempotency-Key': idempotencyKey.meta({
          description:
            "Required. 8 to 100 visible ASCII characters (a UUID), the platform staff's, remembered 48 hours: a\n" +
            'retry with it credits nothing more and answers the first credit again.\n',
        }),
      }),
      body: topUpBody,
      bodyRequired: true,
      responses: { '201': dataOf(TopUp) },
    },
  }),
  components: {},
};
