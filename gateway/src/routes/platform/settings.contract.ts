import { z } from 'zod';
import { emailAddress } from '../../http/email';
import { ipRange } from '../../http/ip-range';
import { defineOperations } from '../../openapi/contract';
import { completeListOf, DeletedBody } from '../common/internal-components';
import { dataOf } from '../common/partner-contract/operations';

// The platform-settings routes' schemas (settings.routes.ts validates with them); their words are in
// internal.texts.yaml.

export const PlatformSettings = z
  .strictObject({
    siteName: z.string(),
    supportEmail: z.string(),
    supportPhone: z.string().meta({ description: 'Empty: none.' }),
    storefrontEnabled: z
      .boolean()
      .meta({ description: 'False: storefront and customer routes answer `503 service_unavailable`.' }),
    updatedAt: z.iso.datetime().nullable().meta({ description: 'Null until first saved.' }),
  })
  .meta({
    examples: [
      {
        siteName: 'Partner Travel',
        supportEmail: 'support@example.com',
        supportPhone: '+91 22 4000 1234',
        storefrontEnabled: true,
        updatedAt: '2026-11-20T08:30:00.000Z',
      },
    ],
  });

export const ConsoleIpRule = z.strictObject({
  id: z.string().regex(/^ipr_/),
  action: z.enum(['allow', 'deny']),
  cidr: z.string().meta({ description: 'An IPv4/IPv6 address or CIDR, as entered.' }),
  note: z.string(),
  createdAt: z.iso.datetime(),
  createdBy: z.string().meta({ description: 'Email of the administrator who added it.' }),
});

const PlatformSettingsBody = dataOf(PlatformSettings);

// `format: email` as the texts said, checked here beside every other field; identity checks the address again
// (and trims and lower-cases it).
export const updatePlatformSettingsBody = z.strictObject({
  siteName: z.string().min(1).max(100).optional(),
  supportEmail: emailAddress().optional(),
  supportPhone: z.string().max(30).meta({ description: 'Empty: none.' }).optional(),
  storefrontEnabled: z.boolean().optional(),
});
export const createConsoleIpRuleBody = z.strictObject({
  action: z.enum(['allow', 'deny']),
  cidr: ipRange('Must be an IPv4 or IPv6 address or CIDR, e.g. 203.0.113.0/24.'),
  note: z.string().max(200).default(''),
});

export const settingsContract = {
  operations: defineOperations({
    getPlatformSettings: {
      method: 'get',
      path: '/admin/settings',
      responses: { '200': PlatformSettingsBody },
    },
    updatePlatformSettings: {
      method: 'put',
      path: '/admin/settings',
      body: updatePlatformSettingsBody,
      bodyRequired: true,
      responses: { '200': PlatformSettingsBody },
    },
    listConsoleIpRules: {
      method: 'get',
      path: '/admin/settings/ip-rules',
      responses: { '200': completeListOf(ConsoleIpRule) },
    },
    createConsoleIpRule: {
      method: 'post',
      path: '/admin/settings/ip-rules',
      body: createConsoleIpRuleBody,
      bodyRequired: true,
      responses: { '201': dataOf(ConsoleIpRule) },
    },
    deleteConsoleIpRule: {
      method: 'delete',
      path: '/admin/settings/ip-rules/{id}',
      params: z.object({
        id: z.string().meta({ description: "The rule's id (`ipr_…`).", examples: ['ipr_q3Lm8ZxT0aBc'] }),
      }),
      responses: { '200': DeletedBody },
    },
  }),
  components: { PlatformSettings, ConsoleIpRule },
  responses: { PlatformSettings: PlatformSettingsBody },
};
