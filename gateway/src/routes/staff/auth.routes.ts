import { AppError } from '@travel/errors';
import type { RateLimits } from '../../access/rate-limits';
import type { ServiceClients } from '../../clients/service-clients';
import { callOptions } from '../../http/calls';
import { dataBody } from '../../http/envelope';
import { requestContextOf, staffOf } from '../../http/request-context';
import type { RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import { RefreshTokenRequest } from '../common/internal-components';
import { staffLoginBody } from './auth.contract';
import { presentProfile, presentTokens } from './presenters';

export interface AuthRouteDeps {
  clients: ServiceClients;
  rateLimits: RateLimits;
  /** Sign-in attempts per address and email per minute: enough for people, too few for guessing. */
  signInAttemptsPerMinute: number;
}

/** Staff sign-in (docs/access.md, "A staff call"); identity audits every attempt. */
export function authRoutes({
  clients,
  rateLimits,
  signInAttemptsPerMinute,
}: AuthRouteDeps): RouteDefinition[] {
  const signInLimit = { limit: signInAttemptsPerMinute, windowSeconds: 60 };
  return [
    {
      method: 'post',
      path: '/api/admin/auth/login',
      access: { kind: 'public' },
      handlers: [
        async (req, res) => {
          const { email, password } = validate(staffLoginBody, req.body);
          const { requestId, clientAddress } = requestContextOf(res);
          const attempt = await rateLimits.consume(
            `sign-in:${clientAddress ?? ''}:${email.toLowerCase()}`,
            signInLimit,
          );
          if (!attempt.allowed) {
            res.setHeader('Retry-After', String(attempt.resetSeconds));
            throw new AppError(
              'rate_limited',
              `Too many sign-in attempts; retry in ${attempt.resetSeconds} s.`,
            );
          }
          const reply = await clients.staff.login(
            { email, password, ip: clientAddress ?? '', userAgent: req.get('user-agent') ?? '', requestId },
            callOptions(res),
          );
          res.json(dataBody(presentTokens(reply.tokens)));
        },
      ],
    },
    {
      method: 'post',
      path: '/api/admin/auth/refresh',
      access: { kind: 'public' },
      handlers: [
        async (req, res) => {
          const { refreshToken } = validate(RefreshTokenRequest, req.body);
          const { requestId, clientAddress } = requestContextOf(res);
          const reply = await clients.staff.refresh(
            { refreshToken, ip: clientAddress ?? '', requestId },
            callOptions(res),
          );
          res.json(dataBody(presentTokens(reply.tokens)));
        },
      ],
    },
    {
      method: 'post',
      path: '/api/admin/auth/logout',
      access: { kind: 'public' },
      handlers: [
        async (req, res) => {
          const { refreshToken } = validate(RefreshTokenRequest, req.body);
          const { requestId, clientAddress } = requestContextOf(res);
          await clients.staff.logout({ refreshToken, ip: clientAddress ?? '', requestId }, callOptions(res));
          res.json(dataBody({ loggedOut: true }));
        },
      ],
    },
    {
      method: 'get',
      path: '/api/admin/auth/me',
      access: { kind: 'staff' },
      handlers: [
        async (_req, res) => {
          const reply = await clients.staff.getSession(
            { sessionId: staffOf(res).sessionId },
            callOptions(res),
          );
          // Ended since the token was checked (the access cache drops it within a second): as the check would say.
          if (!reply.active || !reply.profile)
            throw new AppError('unauthorized', 'The session has ended; sign in again.');
          res.json(dataBody(presentProfile(reply.profile)));
        },
      ],
    },
  ];
}
