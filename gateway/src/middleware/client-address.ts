import { type CidrRange, resolveClientAddress } from '@travel/api-keys';
import type { RequestHandler } from 'express';
import { requestContextOf } from '../http/request-context';

/** The caller's address, once: the TCP peer, or the forwarded address when the peer is a trusted proxy. */
export function clientAddress(trustedProxies: readonly CidrRange[]): RequestHandler {
  return (req, res, next) => {
    const peer = req.socket.remoteAddress ?? '';
    requestContextOf(res).clientAddress = resolveClientAddress(
      peer,
      req.get('x-forwarded-for'),
      trustedProxies,
    );
    next();
  };
}
