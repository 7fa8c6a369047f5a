import type { Socket } from 'node:net';
import { type CidrRange, isTrustedProxy, resolveClientAddress } from '@travel/api-keys';
import type { Logger } from '@travel/logger';
import type { RequestHandler } from 'express';
import { requestContextOf } from '../http/request-context';
import { untrustedForwarders } from '../http/untrusted-forwarders';

/** Forwarded headers a proxy may set; only `X-Forwarded-For` is read, both are warned about from an untrusted peer. */
const FORWARDED_HEADERS = ['x-forwarded-for', 'forwarded'];

/**
 * The caller's address, once: the TCP peer, or the forwarded address when the peer is a trusted proxy. A peer
 * that forwards without being trusted is noted (untrusted-forwarders.ts): that is a proxy TRUSTED_PROXIES misses.
 */
export function clientAddress(trustedProxies: readonly CidrRange[], logger: Logger): RequestHandler {
  // Without X-Forwarded-For the answer depends on the connection only: parse it once per keep-alive socket.
  const peers = new WeakMap<Socket, string>();
  const noteUntrusted = untrustedForwarders(logger);
  return (req, res, next) => {
    const peer = req.socket.remoteAddress ?? '';
    const forwardedFor = req.get('x-forwarded-for');
    let address = forwardedFor ? undefined : peers.get(req.socket);
    if (address === undefined) {
      address = resolveClientAddress(peer, forwardedFor, trustedProxies);
      if (!forwardedFor) peers.set(req.socket, address);
    }
    const forwarded = FORWARDED_HEADERS.filter((name) => req.headers[name] !== undefined);
    // An untrusted peer's address is the client address (normalised: IPv4-mapped IPv6 as IPv4).
    if (forwarded.length > 0 && !isTrustedProxy(peer, trustedProxies)) noteUntrusted(address, forwarded);
    requestContextOf(res).clientAddress = address;
    next();
  };
}
