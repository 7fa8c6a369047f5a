import { timingSafeEqual } from 'node:crypto';
import { AppError } from '@travel/errors';

import type { WhatsappDeps } from './whatsapp-deps';

/** The subscription handshake: Meta proves it knows our verify token and we echo its challenge. */
export function createVerifySubscription(deps: WhatsappDeps) {
  return function verifySubscription(request: { mode: string; verifyToken: string; challenge: string }) {
    if (request.mode !== 'subscribe' || !safeEquals(request.verifyToken, deps.verifyToken))
      throw new AppError('forbidden', 'The verify token does not match.');
    return request.challenge;
  };
}

function safeEquals(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
