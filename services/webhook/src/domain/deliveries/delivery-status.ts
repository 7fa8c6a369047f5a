import type { DeliveryStatus } from './delivery';

/** A delivery's status as partners read it: `cancelled` (its endpoint disabled or deleted) reads as `failed`. */
export const PARTNER_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type PartnerDeliveryStatus = (typeof PARTNER_DELIVERY_STATUSES)[number];

const PARTNER_STATUS_OF: Record<DeliveryStatus, PartnerDeliveryStatus> = {
  pending: 'pending',
  acknowledged: 'succeeded',
  failed: 'failed',
  cancelled: 'failed',
};

export function partnerStatusOf(status: DeliveryStatus): PartnerDeliveryStatus {
  return PARTNER_STATUS_OF[status];
}

/** The stored statuses a partner's `status` filter means. */
export function storedStatusesOf(status: PartnerDeliveryStatus): DeliveryStatus[] {
  return (Object.keys(PARTNER_STATUS_OF) as DeliveryStatus[]).filter((s) => PARTNER_STATUS_OF[s] === status);
}

export function isPartnerDeliveryStatus(value: string): value is PartnerDeliveryStatus {
  return (PARTNER_DELIVERY_STATUSES as readonly string[]).includes(value);
}
