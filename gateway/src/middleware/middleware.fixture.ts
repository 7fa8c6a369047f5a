import type { KeyRecord } from '@travel/api-keys';
import { createLogger } from '@travel/logger';
import type { Express, RequestHandler } from 'express';
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
