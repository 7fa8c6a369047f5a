import { badRequest } from '@travel/errors';

/** Where a page of an endpoint's deliveries (newest first) continues: strictly after this one. */
export interface DeliveryPosition {
  createdAt: Date;
  id: string;
}

// Opaque to partners: the base64url of `d1:<createdAt ms>:<delivery id>`; `d1` lets the format change
// without breaking cursors already handed out. Deliveries made meanwhile are newer: they never shift a page.
const PREFIX = 'd1:';
const FORM = /^d1:(\d{1,15}):(whd_[A-Za-z0-9_]{1,80})$/;

export function encodeDeliveryCursor(position: DeliveryPosition): string {
  return Buffer.from(`${PREFIX}${position.createdAt.getTime()}:${position.id}`).toString('base64url');
}

/** The position a cursor names; one this list did not issue is `400 bad_request` on `cursor`. */
export function decodeDeliveryCursor(cursor: string): DeliveryPosition {
  const match = FORM.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const position = match ? { createdAt: new Date(Number(match[1])), id: match[2] as string } : undefined;
  if (!position || encodeDeliveryCursor(position) !== cursor)
    throw badRequest([{ path: 'cursor', message: 'must be a nextCursor returned by this list' }]);
  return position;
}
