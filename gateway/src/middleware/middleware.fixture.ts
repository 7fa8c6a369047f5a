import type { KeyRecord } from '@travel/api-keys';
import { createLogger } from '@travel/logger';
import type { Express, RequestHandler } from 'express';
import type { RateLimit, RateLimits } from '../access/rate-limits';
import { assembleApp } from '../app';
import { requestContextOf } from '../http/request-context';
import type { RouteDefinition } from '../http/route-table';
import { requireTenantLink } from './require-tenant-link';

const logger = createLogger({ name: 'test', level: 'silent' });

/** The gateway's real middleware chain around given routes, for middleware unit tests. */
export function middlewareTestApp(routes: RouteDefinition[]): Express {
  return assembleApp(logger, routes, undefined);
}

/** A verified live key of a linked client with every booking scope; tests override what they vary. */
export function testKey(overrides: Partial<KeyRecord> = {}): KeyRecord {
  return {
    keyId: 'key_1',
    clientId: 7,
    clientName: 'Acme Travel',
    tenantId: 'ten_1',
    environment: 'live',
    scopes: ['bookings:read', 'bookings:write'],
    ipRanges: [],
    expiresAt: null,
    revokedAt: null,
    clientStatus: 'active',
    rateLimit: null,
    spendingLimits: { dailyLimit: null, perBookingLimit: null },
    ...overrides,
  };
}

/**
 * The real chain around partner routes, with authentication replaced by a given verified key and the
 * checks after it that need no I/O (the tenant link): what a partner route handler sees.
 */
export function partnerTestApp(routes: RouteDefinition[], key: KeyRecord): Express {
  const pass: RequestHandler = (_req, _res, next) => next();
  const verified: RequestHandler = (_req, res, next) => {
    requestContextOf(res).key = key;
    next();
  };
  return assembleApp(logger, routes, {
    clientAddress: pass,
    platform: [],
    public: [],
    partner: [verified, requireTenantLink],
    staff: [],
    customer: [],
  });
}

/** The client address a test names in `x-test-address` (by default 192.0.2.1), as the address step would set it. */
export const addressFromTestHeader: RequestHandler = (req, res, next) => {
  requestContextOf(res).clientAddress = req.get('x-test-address') ?? '192.0.2.1';
  next();
};

/** Rate windows counted per key in a Map (what Redis would hold), each window ending `resetSeconds` from now. */
export function countingRateLimits(resetSeconds: number) {
  const counts = new Map<string, number>();
  const windows: Array<[string, RateLimit]> = [];
  const limits: RateLimits = {
    consume: async (keyId, limit) => {
      windows.push([keyId, limit]);
      const used = (counts.get(keyId) ?? 0) + 1;
      counts.set(keyId, used);
      return {
        allowed: used <= limit.limit,
        limit: limit.limit,
        remaining: Math.max(0, limit.limit - used),
        resetSeconds,
      };
    },
  };
  return { limits, windows };
}
