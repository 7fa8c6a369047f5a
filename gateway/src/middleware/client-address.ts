import type { Socket } from 'node:net';
import { type CidrRange, resolveClientAddress } from '@travel/api-keys';
import type { RequestHandler } from 'express';
import { requestContextOf } from '../http/request-context';

/** The caller's address, once: the TCP peer, or the forwarded address when the peer is a trusted proxy. */
export function clientAddress(trustedProxies: readonly CidrRange[]): RequestHandler {
  // Without X-Forwarded-For the answer depends on the connection only: parse it once per keep-alive socket.
  const peers = new WeakMap<Socket, string>();
  return (req, res, next) => {
    const peer = req.socket.remoteAddress ?? '';
    const forwardedFor = req.get('x-forwarded-for');
    let address = forwardedFor ? undefined : peers.get(req.socket);
    if (address === undefined) {
      address = resolveClientAddress(peer, forwardedFor, trustedProxies);
      if (!forwardedFor) peers.set(req.socket, address);
    }
    requestContextOf(res).clientAddress = address;
    next();
  };
}
