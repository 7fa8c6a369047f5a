import { AppError } from '@travel/errors';
import type { Request, Response } from 'express';
import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { dataBody } from '../../http/envelope';
import { validate } from '../../http/validate';
import { stringParam } from '../common/params';
import { clientIdParams, createApiKeyBody, updateApiKeyBody } from './api-access.contract';
import { presentIssuedKey, presentKey } from './presenters';

// The key handlers both consoles share: the platform's API-access console (any client's keys) and the tenant's
// API console (its own clients' keys). Identity decides which keys the caller may touch: another tenant's client
// or key is `404 not_found` there, whatever the route.

/** The client id of the path; an id of any other form names no client. */
export function clientIdOf(req: Request): number {
  const id = String(req.params.id ?? '');
  if (!clientIdParams.shape.id.safeParse(id).success)
    throw new AppError('not_found', `No resource with id ${id}.`);
  return Number(id);
}

export function createKeyHandler(clients: ServiceClients) {
  return async (req: Request, res: Response) => {
    const clientId = clientIdOf(req);
    const body = validate(createApiKeyBody, req.body);
    const reply = await clients.apiAccess.createKey(
      {
        caller: callerOf(res),
        clientId,
        name: body.name,
        scopes: body.scopes,
        environment: body.environment,
        ipAllowList: body.ipAllowList,
        expiresAt: body.expiresAt ? new Date(body.expiresAt) : undefined,
        rateLimit: body.rateLimit,
      },
      callOptions(res),
    );
    res.status(201).json(dataBody(presentIssuedKey(reply.issued)));
  };
}

export function updateKeyHandler(clients: ServiceClients) {
  return async (req: Request, res: Response) => {
    const body = validate(updateApiKeyBody, req.body);
    const reply = await clients.apiAccess.updateKey(
      {
        caller: callerOf(res),
        id: stringParam(req, 'id'),
        name: body.name,
        scopes: body.scopes && { values: body.scopes },
        ipAllowList: body.ipAllowList && { values: body.ipAllowList },
        expiry:
          body.expiresAt === undefined
            ? undefined
            : { expiresAt: body.expiresAt === null ? undefined : new Date(body.expiresAt) },
        rateLimit: body.rateLimit === undefined ? undefined : { rateLimit: body.rateLimit ?? undefined },
      },
      callOptions(res),
    );
    if (!reply.key) throw new Error('identity answered no key');
    res.json(dataBody(presentKey(reply.key)));
  };
}

export function revokeKeyHandler(clients: ServiceClients) {
  return async (req: Request, res: Response) => {
    const reply = await clients.apiAccess.revokeKey(
      { caller: callerOf(res), id: stringParam(req, 'id') },
      callOptions(res),
    );
    if (!reply.key) throw new Error('identity answered no key');
    res.json(dataBody(presentKey(reply.key)));
  };
}
