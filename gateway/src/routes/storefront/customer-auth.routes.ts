import type { Request, Response } from 'express';
import type { RateLimits } from '../../access/rate-limits';
import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { dataBody } from '../../http/envelope';
import { requestContextOf } from '../../http/request-context';
import type { RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import { applyRateDecision } from '../../middleware/rate-limit-headers';
import { RefreshTokenRequest } from '../common/internal-components';
import { customerLoginBody, registerCustomerBody } from './customer-auth.contract';
import { presentCustomer, presentCustomerTokens } from './customer-presenters';

export interface CustomerAuthRouteDeps {
  clients: ServiceClients;
  rateLimits: RateLimits;
  /** Attempts per email per minute (shared with staff sign-in's setting). */
  signInAttemptsPerMinute: number;
  /** Attempts per client address per minute: higher, as many people may share one address. */
  customerSignInPerAddressPerMinute: number;
}

/** Storefront customer authentication (docs/access.md, "A customer call"). */
export function customerAuthRoutes(deps: CustomerAuthRouteDeps): RouteDefinition[] {
  const { clients } = deps;
  const throttle = signInThrottle(deps);
  return [
    {
      method: 'post',
      path: '/api/auth/register',
      access: { kind: 'public' },
      handlers: [
        async (req, res) => {
          const body = validate(registerCustomerBody, req.body);
          await throttle(res, body.email, 'registration');
          const reply = await clients.customers.registerCustomer(
            { ...body, ...origin(req, res) },
            callOptions(res),
          );
          res.status(201).json(dataBody(presentCustomerTokens(reply.tokens)));
        },
      ],
    },
    {
      method: 'post',
      path: '/api/auth/login',
      access: { kind: 'public' },
      handlers: [
        async (req, res) => {
          const body = validate(customerLoginBody, req.body);
          await throttle(res, body.email, 'sign-in');
          const reply = await clients.customers.loginCustomer(
            { ...body, ...origin(req, res) },
            callOptions(res),
          );
          res.json(dataBody(presentCustomerTokens(reply.tokens)));
        },
      ],
    },
    {
      method: 'post',
      path: '/api/auth/refresh',
      access: { kind: 'public' },
      handlers: [
        async (req, res) => {
          const { refreshToken } = validate(RefreshTokenRequest, req.body);
          const reply = await clients.customers.refreshCustomer(
            { refreshToken, ...origin(req, res) },
            callOptions(res),
          );
          res.json(dataBody(presentCustomerTokens(reply.tokens)));
        },
      ],
    },
    {
      method: 'post',
      path: '/api/auth/logout',
      access: { kind: 'public' },
      handlers: [
        async (req, res) => {
          const { refreshToken } = validate(RefreshTokenRequest, req.body);
          await clients.customers.logoutCustomer({ refreshToken, ...origin(req, res) }, callOptions(res));
          res.json(dataBody({ loggedOut: true }));
        },
      ],
    },
    {
      method: 'get',
      path: '/api/auth/me',
      access: { kind: 'customer' },
      handlers: [
        async (_req, res) => {
          const reply = await clients.customers.getProfile({ caller: callerOf(res) }, callOptions(res));
          res.json(dataBody(presentCustomer(reply.customer)));
        },
      ],
    },
  ];
}

function origin(req: Request, res: Response) {
  const { requestId, clientAddress } = requestContextOf(res);
  return { ip: clientAddress ?? '', userAgent: req.get('user-agent') ?? '', requestId };
}

/**
 * Sign-in and registration are throttled (docs/access.md, "A customer call") per client address and per email, each its own
 * window in Redis (shared by every replica), checked before identity is asked.
 */
function signInThrottle(deps: CustomerAuthRouteDeps) {
  const perAddress = { limit: deps.customerSignInPerAddressPerMinute, windowSeconds: 60 };
  const perEmail = { limit: deps.signInAttemptsPerMinute, windowSeconds: 60 };
  return async (res: Response, email: string, what: string) => {
    const address = requestContextOf(res).clientAddress ?? '';
    const byAddress = await deps.rateLimits.consume(`customer-sign-in:address:${address}`, perAddress);
    if (!byAddress.allowed) applyRateDecision(res, byAddress, `Too many ${what} attempts from your address`);
    const key = `customer-sign-in:email:${email.trim().toLowerCase()}`;
    applyRateDecision(
      res,
      await deps.rateLimits.consume(key, perEmail),
      `Too many ${what} attempts for this email`,
    );
  };
}
