import type { Request, Response } from 'express';
import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { dataBody, pageInDataBody } from '../../http/envelope';
import type { RouteAccess, RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import { directoryPageQuery } from '../common/internal-components';
import { stringParam } from '../common/params';
import {
  apiUsageQuery,
  createApiClientBody,
  RotateRequest,
  updateApiClientBody,
  updateApiSettingsBody,
} from './api-access.contract';
import { clientIdOf, createKeyHandler, revokeKeyHandler, updateKeyHandler } from './key-handlers';
import { presentClient, presentIssuedKey, presentKey, presentSettings, presentUsageRow } from './presenters';

const access: RouteAccess = { kind: 'staff', platformOnly: true, right: 'api-access' };

const DAY_MS = 86_400_000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The platform administrator's API-access console (docs/access.md, "A partner call"). */
export function apiAccessRoutes({
  clients,
  now,
}: {
  clients: ServiceClients;
  now: () => Date;
}): RouteDefinition[] {
  const api = clients.apiAccess;
  return [
    {
      method: 'get',
      path: '/api/admin/api-access',
      access,
      handlers: [
        async (req, res) => {
          const page = validate(directoryPageQuery, req.query, 'query');
          const [settings, list] = await Promise.all([
            api.getApiSettings({}, callOptions(res)),
            api.listClients({ caller: callerOf(res), ...page }, callOptions(res)),
          ]);
          res.json(
            pageInDataBody(
              { settings: presentSettings(settings.settings), clients: list.clients.map(presentClient) },
              list.nextCursor ?? null,
            ),
          );
        },
      ],
    },
    {
      method: 'post',
      path: '/api/admin/api-access/clients',
      access,
      handlers: [
        async (req, res) => {
          const body = validate(createApiClientBody, req.body);
          const reply = await api.createClient(
            { caller: callerOf(res), name: body.name, tenantId: body.tenantId ?? undefined },
            callOptions(res),
          );
          res.status(201).json(dataBody(presentClient(reply.client)));
        },
      ],
    },
    {
      method: 'put',
      path: '/api/admin/api-access/clients/:id',
      access,
      handlers: [
        async (req, res) => {
          const id = clientIdOf(req);
          const body = validate(updateApiClientBody, req.body);
          const reply = await api.updateClient(
            {
              caller: callerOf(res),
              id,
              name: body.name,
              tenant: body.tenantId === undefined ? undefined : { tenantId: body.tenantId ?? undefined },
              status: body.status,
            },
            callOptions(res),
          );
          res.json(dataBody(presentClient(reply.client)));
        },
      ],
    },
    {
      method: 'delete',
      path: '/api/admin/api-access/clients/:id',
      access,
      handlers: [
        async (req, res) => {
          const id = clientIdOf(req);
          await api.deleteClient({ caller: callerOf(res), id }, callOptions(res));
          res.json(dataBody({ id, deleted: true }));
        },
      ],
    },
    {
      method: 'post',
      path: '/api/admin/api-access/clients/:id/keys',
      access,
      handlers: [createKeyHandler(clients)],
    },
    {
      method: 'put',
      path: '/api/admin/api-access/keys/:id',
      access,
      handlers: [updateKeyHandler(clients)],
    },
    {
      method: 'post',
      path: '/api/admin/api-access/keys/:id/revoke',
      access,
      handlers: [revokeKeyHandler(clients)],
    },
    {
      method: 'post',
      path: '/api/admin/api-access/keys/:id/rotate',
      access,
      handlers: [rotateKeyHandler(clients, () => undefined)],
    },
    {
      method: 'put',
      path: '/api/admin/api-access/settings',
      access,
      handlers: [
        async (req, res) => {
          const body = validate(updateApiSettingsBody, req.body);
          const reply = await api.updateApiSettings(
            {
              caller: callerOf(res),
              apiEnabled: body.apiEnabled,
              disabledScopes: body.disabledScopes && { values: body.disabledScopes },
              defaultRateLimit: body.defaultRateLimit,
            },
            callOptions(res),
          );
          res.json(dataBody(presentSettings(reply.settings)));
        },
      ],
    },
    {
      method: 'get',
      path: '/api/admin/api-access/usage',
      access,
      handlers: [
        async (req, res) => {
          const query = validate(apiUsageQuery, req.query, 'query');
          const to = query.to ?? dayOf(now());
          const from = query.from ?? dayOf(new Date(Date.parse(`${to}T00:00:00Z`) - 6 * DAY_MS));
          const reply = await api.getUsage(
            { caller: callerOf(res), from, to, clientId: query.clientId, keyId: query.keyId },
            callOptions(res),
          );
          res.json(dataBody({ from, to, rows: reply.rows.map(presentUsageRow) }));
        },
      ],
    },
  ];
}

/** Rotation for both consoles; the tenant console passes its tenant so only its own keys rotate. */
export function rotateKeyHandler(clients: ServiceClients, tenantOf: (res: Response) => string | undefined) {
  return async (req: Request, res: Response) => {
    const { graceSeconds } = validate(RotateRequest, req.body);
    const reply = await clients.apiAccess.rotateKey(
      { caller: callerOf(res), id: stringParam(req, 'id'), graceSeconds, tenantId: tenantOf(res) },
      callOptions(res),
    );
    if (!reply.previous) throw new Error('identity answered no previous key');
    res
      .status(201)
      .json(dataBody({ ...presentIssuedKey(reply.issued), previous: presentKey(reply.previous) }));
  };
}
