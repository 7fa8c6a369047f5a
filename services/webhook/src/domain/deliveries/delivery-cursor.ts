import { cursorCodec } from '@travel/paging';

/** Where a page of an endpoint's deliveries (newest first) continues: strictly after this one. */
export interface DeliveryPosition {
  createdAt: Date;
  id: string;
}

// Opaque to partners: the base64url of `d1:<createdAt ms>:<delivery id>`; `d1` lets the format change
// without breaking cursors already handed out. Deliveries made meanwhile are newer: they never shift a page.
const FORM = /^(\d{1,15}):(whd_[A-Za-z0-9_]{1,80})$/;

export const deliveryCursors = cursorCodec<DeliveryPosition>('d1:', {
  write: (position) => `${position.createdAt.getTime()}:${position.id}`,
  read: (text) => {
    const match = FORM.exec(text);
    return match ? { createdAt: new Date(Number(match[1])), id: match[2] as string } : undefined;
  },
});

export function encodeDeliveryCursor(position: DeliveryPosition): string {
  return deliveryCursors.encode(position);
}

/** The position a cursor names; one this list did not issue is `400 bad_request` on `cursor`. */
export function decodeDeliveryCursor(cursor: string): DeliveryPosition {
  return deliveryCursors.decode(cursor);
}
