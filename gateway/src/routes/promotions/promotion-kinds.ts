// The three kinds of promotion and the fields each shows: below the contract and the presenters alike.

const COMMON = ['validFrom', 'validUntil', 'audience', 'active'] as const;
const WORTH = ['service', 'percentBps', 'amount', 'maxDiscount', 'minAmount'] as const;

/** The fields each kind shows (docs/decisions/promotions.md "Promotions"). */
export const FIELDS = {
  discount: ['name', ...WORTH, ...COMMON],
  offer: ['title', 'description', 'imageUrl', 'code', ...COMMON],
  voucher: ['code', ...WORTH, 'maxRedemptions', 'maxRedemptionsPerHolder', ...COMMON],
} as const;

export type PromotionKind = keyof typeof FIELDS;
