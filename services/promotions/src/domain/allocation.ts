import { badRequest } from '@travel/errors';

/** A tenant or a customer: whom a promotion is allocated to, or who redeems a voucher. */
export interface Holder {
  tenantId?: string;
  customerId?: string;
}

export interface Allocation {
  /** `alc_<n>`. */
  id: string;
  promotionId: string;
  holderKey: string;
  tenantId?: string;
  customerId?: string;
  createdAt: Date;
}

/** `tenant:<id>` or `customer:<id>`; exactly one of the two must be given. */
export function holderKeyOf(holder: Holder | undefined): string {
  const tenantId = holder?.tenantId?.trim();
  const customerId = holder?.customerId?.trim();
  if (tenantId && !customerId) return `tenant:${tenantId}`;
  if (customerId && !tenantId) return `customer:${customerId}`;
  throw badRequest([{ path: 'tenantId', message: 'give exactly one of tenantId and customerId' }]);
}
