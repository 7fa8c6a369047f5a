import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { dataBody, listBody } from '../../http/envelope';
import type { RouteAccess, RouteDefinition } from '../../http/route-table';
import { tenantInScope } from '../../http/tenant-scope';
import { validate } from '../../http/validate';
import { stringParam } from '../common/params';
import { presentTheme } from './presenters';
import { createThemeBody, listThemesQuery, themeOwnerQuery } from './themes.contract';

// No right is needed (gateway/openapi/internal.yaml): any staff member, on their own tenant; the platform on the tenant it
// names, or on the platform's own themes (the default every tenant without one wears).
const staff: RouteAccess = { kind: 'staff' };

/** Storefront themes: one active per tenant, the platform's active theme the default for the rest. */
export function themeRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  const api = clients.content;
  return [
    {
      method: 'get',
      path: '/api/admin/themes',
      access: staff,
      handlers: [
        async (req, res) => {
          const query = validate(listThemesQuery, req.query, 'query');
          const tenantId = await tenantInScope(clients, res, query.tenantId);
          const reply = await api.listThemes({ caller: callerOf(res), ...query, tenantId }, callOptions(res));
          res.json(listBody(reply.themes.map(presentTheme), reply.nextCursor ?? null));
        },
      ],
    },
    {
      method: 'get',
      path: '/api/admin/themes/active',
      access: staff,
      handlers: [
        async (req, res) => {
          const query = validate(themeOwnerQuery, req.query, 'query');
          const tenantId = await tenantInScope(clients, res, query.tenantId);
          const reply = await api.getActiveTheme({ caller: callerOf(res), tenantId }, callOptions(res));
          res.json(dataBody({ ...presentTheme(reply.theme), inherited: reply.inherited }));
        },
      ],
    },
    {
      method: 'post',
      path: '/api/admin/themes',
      access: staff,
      handlers: [
        async (req, res) => {
          const body = validate(createThemeBody, req.body);
          const tenantId = await tenantInScope(clients, res, body.tenantId);
          const reply = await api.createTheme({ caller: callerOf(res), ...body, tenantId }, callOptions(res));
          const theme = presentTheme(reply.theme);
          res.status(201).json(dataBody(theme));
        },
      ],
    },
    {
      method: 'post',
      path: '/api/admin/themes/:id/activate',
      access: staff,
      handlers: [
        async (req, res) => {
          const query = validate(themeOwnerQuery, req.query, 'query');
          const tenantId = await tenantInScope(clients, res, query.tenantId);
          const id = stringParam(req, 'id');
          const reply = await api.activateTheme({ caller: callerOf(res), tenantId, id }, callOptions(res));
          res.json(dataBody(presentTheme(reply.theme)));
        },
      ],
    },
  ];
}
