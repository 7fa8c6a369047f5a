import type { platformSettings } from '@travel/contracts';
import type { z } from 'zod';
import type { ServiceClients } from '../../clients/service-clients';
import { callerOf } from '../../http/caller';
import { callOptions } from '../../http/calls';
import { dataBody, listBody } from '../../http/envelope';
import type { RouteAccess, RouteDefinition } from '../../http/route-table';
import { validate } from '../../http/validate';
import { iso } from '../common/iso';
import { stringParam } from '../common/params';
import {
  createConsoleIpRuleBody,
  type PlatformSettings,
  updatePlatformSettingsBody,
} from './settings.contract';

const access: RouteAccess = { kind: 'staff', platformOnly: true, right: 'settings' };

function presentPlatformSettings(
  settings: platformSettings.PlatformSettings | undefined,
): z.output<typeof PlatformSettings> {
  if (!settings) throw new Error('identity answered no platform settings');
  return {
    siteName: settings.siteName,
    supportEmail: settings.supportEmail,
    supportPhone: settings.supportPhone,
    storefrontEnabled: settings.storefrontEnabled,
    updatedAt: iso(settings.updatedAt),
  };
}

function presentIpRule(rule: platformSettings.ConsoleIpRule | undefined) {
  if (!rule) throw new Error('identity answered no ip rule');
  return {
    id: rule.id,
    action: rule.action,
    cidr: rule.cidr,
    note: rule.note,
    createdAt: iso(rule.createdAt),
    createdBy: rule.createdBy,
  };
}

/** Platform settings and the console IP rules (docs/access.md, "Platform gates"); identity audits every change. */
export function settingsRoutes({ clients }: { clients: ServiceClients }): RouteDefinition[] {
  return [
    {
      method: 'get',
      path: '/api/admin/settings',
      access,
      handlers: [
        async (_req, res) => {
          const reply = await clients.platformSettings.getPlatformSettings({}, callOptions(res));
          res.json(dataBody(presentPlatformSettings(reply.settings)));
        },
      ],
    },
    {
      method: 'put',
      path: '/api/admin/settings',
      access,
      handlers: [
        async (req, res) => {
          const body = validate(updatePlatformSettingsBody, req.body);
          const reply = await clients.platformSettings.updatePlatformSettings(
            { caller: callerOf(res), ...body },
            callOptions(res),
          );
          res.json(dataBody(presentPlatformSettings(reply.settings)));
        },
      ],
    },
    {
      method: 'get',
      path: '/api/admin/settings/ip-rules',
      access,
      handlers: [
        async (_req, res) => {
          const reply = await clients.platformSettings.listConsoleIpRules({}, callOptions(res));
          // At most 100 rules, so one page always holds them all.
          res.json(listBody(reply.rules.map(presentIpRule)));
        },
      ],
    },
    {
      method: 'post',
      path: '/api/admin/settings/ip-rules',
      access,
      handlers: [
        async (req, res) => {
          const body = validate(createConsoleIpRuleBody, req.body);
          const reply = await clients.platformSettings.createConsoleIpRule(
            { caller: callerOf(res), ...body },
            callOptions(res),
          );
          res.status(201).json(dataBody(presentIpRule(reply.rule)));
        },
      ],
    },
    {
      method: 'delete',
      path: '/api/admin/settings/ip-rules/:id',
      access,
      handlers: [
        async (req, res) => {
          const id = stringParam(req, 'id');
          await clients.platformSettings.deleteConsoleIpRule({ caller: callerOf(res), id }, callOptions(res));
          res.json(dataBody({ id, deleted: true }));
        },
      ],
    },
  ];
}
