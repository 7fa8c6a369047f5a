import { SCOPES } from '@travel/api-keys';
import { z } from 'zod';
import { ipRange } from '../../http/ip-range';
import { defineOperations } from '../../openapi/contract';
import { DisplayName, directoryPageQuery, pageInDataOf } from '../common/internal-components';
import { isoDay } from '../common/params';
import { dataOf } from '../common/partner-contract/operations';

// The API-access console's schemas (api-access.routes.ts validates with them; api-console.contract.ts
// reuses the client, key and rotation ones); their words are in internal.texts.yaml.

export const Scope = z
  .enum(SCOPES)
  .meta({ description: 'A partner API scope (partner API, "Authentication").' });

export const RateLimit = z
  .strictObject({
    limit: z.number().int().min(1).max(100_000).meta({ description: 'Requests allowed per window.' }),
    windowSeconds: z.number().int().min(1).max(86_400),
  })
  .meta({ examples: [{ limit: 100, windowSeconds: 10 }] });

export const IpAllowList = z
  .array(ipRange('Must be an IPv4 or IPv6 address or CIDR range.'))
  .max(100)
  .meta({
    description:
      'IPv4 or IPv6 addresses or CIDRs (`203.0.113.0/24`, `2001:db8::/32`); empty allows any address.\n' +
      'In requests, at most 100 entries of 1 to 64 characters; an entry that is neither is `400`.\n',
  });

export const KeyScopes = z
  .array(Scope)
  .min(1)
  .max(SCOPES.length)
  .meta({ description: 'The scopes a key grants, at least one.' });

export const RotateRequest = z.strictObject({
  graceSeconds: z
    .number()
    .int()
    .min(0)
    .max(604_800)
    .default(0)
    .meta({ description: 'How long the old key keeps working (up to 7 days); 0 stops it at once.' }),
});

export const ApiSettings = z
  .strictObject({
    apiEnabled: z.boolean().meta({ description: 'False: every partner call answers `503 api_disabled`.' }),
    disabledScopes: z.array(Scope).meta({
      description: 'Scopes switched off platform-wide: their routes answer `403 scope_disabled`.',
    }),
    defaultRateLimit: RateLimit,
  })
  .meta({
    examples: [{ apiEnabled: true, disabledScopes: [], defaultRateLimit: { limit: 100, windowSeconds: 10 } }],
  });

const apiKeyFields = {
  id: z.string().regex(/^key_/),
  clientId: z.number().int(),
  name: z.string(),
  prefix: z
    .string()
    .regex(/^ptk_(live|test)_[0-9A-Za-z]{4}$/)
    .meta({ description: 'The first 13 characters of the key, to tell keys apart.' }),
  scopes: z.array(Scope),
  environment: z.enum(['live', 'test']),
  ipAllowList: IpAllowList,
  expiresAt: z.iso.datetime().nullable(),
  status: z.enum(['active', 'revoked', 'expired']).meta({
    description: 'As of the moment of the answer; a rotated key in its grace period is still `active`.',
  }),
  revokedAt: z.iso.datetime().nullable().meta({
    description: 'When the key stops (or stopped) working; for a rotated key, the end of the grace period.',
  }),
  rateLimit: RateLimit.nullable().meta({
    description: "This key's own limit; null means the platform default.",
  }),
  createdAt: z.iso.datetime(),
  replacedBy: z
    .string()
    .nullable()
    .meta({ description: 'The id of the key that replaced this one by rotation.' }),
  // Declared here, not imported, so the contracts do not import each other in a circle.
  spendingLimits: z
    .strictObject({ dailyLimit: z.number().int().nullable(), perBookingLimit: z.number().int().nullable() })
    .meta({
      description:
        'Whole rupees (INR) the key may book per UTC day and per booking; null is no limit (`PUT .../spending-limits`).',
    }),
};

export const ApiKey = z.strictObject(apiKeyFields).meta({
  description: 'An API key; never its secret.',
  examples: [
    {
      id: 'key_9QxT2b',
      clientId: 7,
      name: 'Production',
      prefix: 'ptk_live_Ab3x',
      scopes: ['search:read', 'bookings:read', 'bookings:write'],
      environment: 'live',
      ipAllowList: ['203.0.113.0/24'],
      expiresAt: null,
      status: 'active',
      revokedAt: null,
      rateLimit: null,
      createdAt: '2026-11-21T10:00:00.000Z',
      replacedBy: null,
      spendingLimits: { dailyLimit: 500000, perBookingLimit: 50000 },
    },
  ],
});

export const KeySecret = z
  .string()
  .regex(/^ptk_(live|test)_[0-9A-Za-z]{32}$/)
  .meta({
    description: 'The full key. Shown this once; only its SHA-256 hash is kept, so it cannot be shown again.',
  });

export const IssuedKey = z.strictObject({ ...apiKeyFields, secret: KeySecret }).meta({
  description: 'A key as issued, with its full `secret`; returned only when it is created or rotated.',
  examples: [
    {
      id: 'key_9QxT2b',
      clientId: 7,
      name: 'Production',
      prefix: 'ptk_live_Ab3x',
      scopes: ['search:read', 'bookings:read', 'bookings:write'],
      environment: 'live',
      ipAllowList: [],
      expiresAt: '2027-11-21T00:00:00.000Z',
      status: 'active',
      revokedAt: null,
      rateLimit: { limit: 500, windowSeconds: 60 },
      createdAt: '2026-11-21T10:00:00.000Z',
      replacedBy: null,
      spendingLimits: { dailyLimit: null, perBookingLimit: null },
      secret: 'ptk_live_Ab3xQ9rT2mLp8ZcV4nWe7YhK1sDf6GjU',
    },
  ],
});

export const RotatedKey = z
  .strictObject({
    ...apiKeyFields,
    secret: KeySecret,
    previous: ApiKey.meta({
      description: "The old key; `revokedAt` is the end of the grace period, `replacedBy` the new key's id.",
    }),
  })
  .meta({
    description: 'The new key (with its `secret`) and, in `previous`, the key it replaces.',
    examples: [
      {
        id: 'key_Wm4pR8',
        clientId: 7,
        name: 'Production',
        prefix: 'ptk_live_Zq7L',
        scopes: ['search:read', 'bookings:read', 'bookings:write'],
        environment: 'live',
        ipAllowList: [],
        expiresAt: null,
        status: 'active',
        revokedAt: null,
        rateLimit: null,
        createdAt: '2026-11-22T09:00:00.000Z',
        replacedBy: null,
        spendingLimits: { dailyLimit: null, perBookingLimit: null },
        secret: 'ptk_live_Zq7LmN3bV8cX1zA6sD4fG9hJ2kL5pO0i',
        previous: {
          id: 'key_9QxT2b',
          clientId: 7,
          name: 'Production',
          prefix: 'ptk_live_Ab3x',
          scopes: ['search:read', 'bookings:read', 'bookings:write'],
          environment: 'live',
          ipAllowList: [],
          expiresAt: null,
          status: 'active',
          revokedAt: '2026-11-23T09:00:00.000Z',
          rateLimit: null,
          createdAt: '2026-11-21T10:00:00.000Z',
          replacedBy: 'key_Wm4pR8',
          spendingLimits: { dailyLimit: null, perBookingLimit: null },
        },
      },
    ],
  });

export const Client = z
  .strictObject({
    id: z.number().int(),
    name: z.string(),
    tenantId: z.string().nullable().meta({ description: 'The linked tenant; null when not linked.' }),
    status: z.enum(['active', 'suspended']),
    createdAt: z.iso.datetime(),
    keys: z.array(ApiKey),
  })
  .meta({
    examples: [
      {
        id: 7,
        name: 'Acme Travel',
        tenantId: 'ten_3',
        status: 'active',
        createdAt: '2026-11-20T08:00:00.000Z',
        keys: [],
      },
    ],
  });

export const UsageRow = z.strictObject({
  day: z.string().meta({ format: 'date', description: 'UTC day, `YYYY-MM-DD`.' }),
  clientId: z.number().int(),
  keyId: z.string(),
  route: z.string().meta({ description: 'Method and route template, e.g. `GET /api/v1/bookings/:id`.' }),
  requests: z.number().int().min(0),
  clientErrors: z.number().int().min(0).meta({ description: 'Answers with a 4xx status.' }),
  serverErrors: z.number().int().min(0).meta({ description: 'Answers with a 5xx status.' }),
  averageLatencyMs: z.number().min(0),
  maxLatencyMs: z.number().min(0),
});

export const ClientBody = dataOf(Client);
export const ApiKeyBody = dataOf(ApiKey);
export const IssuedKeyBody = dataOf(IssuedKey);
export const RotatedKeyBody = dataOf(RotatedKey);

/** `{id}` of a client: digits only (identity's ids are int32); any other form names no client. */
export const clientIdParams = z.object({
  id: z
    .string()
    .regex(/^[0-9]{1,9}$/)
    .meta({ description: "The API client's id (an integer); anything else names no client (`404`)." }),
});
export const keyIdParams = z.object({ id: z.string().meta({ description: "The key's id (`key_…`)." }) });

const tenantId = z.string().min(1).meta({ 'x-rule': 'an existing tenant' });
const expiresAt = z.iso
  .datetime({ offset: true })
  .refine((value) => Date.parse(value) > Date.now(), { error: 'Must be in the future.' })
  .meta({ 'x-rule': 'in the future' });

export const createApiClientBody = z.strictObject({
  name: DisplayName,
  tenantId: tenantId.nullable().default(null),
});
export const updateApiClientBody = z.strictObject({
  name: DisplayName.optional(),
  tenantId: tenantId.nullable().optional(),
  status: z.enum(['active', 'suspended']).optional(),
});
export const createApiKeyBody = z.strictObject({
  name: DisplayName.optional(),
  scopes: KeyScopes,
  environment: z.enum(['live', 'test']).default('live'),
  ipAllowList: IpAllowList.default([]),
  expiresAt: expiresAt.optional(),
  rateLimit: RateLimit.optional(),
});
export const updateApiKeyBody = z.strictObject({
  name: DisplayName.optional(),
  scopes: KeyScopes.optional(),
  ipAllowList: IpAllowList.optional(),
  expiresAt: expiresAt.nullable().optional(),
  rateLimit: RateLimit.nullable().optional(),
});
export const updateApiSettingsBody = z.strictObject({
  apiEnabled: z.boolean().optional(),
  disabledScopes: z.array(Scope).max(SCOPES.length).optional(),
  defaultRateLimit: RateLimit.optional(),
});
export const apiUsageQuery = z.strictObject({
  from: isoDay.meta({ format: 'date', description: 'First UTC day, `YYYY-MM-DD`.' }).optional(),
  to: isoDay
    .meta({
      format: 'date',
      description: 'Last UTC day, `YYYY-MM-DD` (inclusive), not before `from` and at most 92 days after it.',
      'x-rule': 'on or after from, at most 92 days after it',
    })
    .optional(),
  // Client ids are int32 in identity's contract: a larger one could not be sent (it was a 500).
  clientId: z.coerce
    .number()
    .int()
    .positive()
    .max(2_147_483_647)
    .meta({ description: "Only this client's keys (client ids are 32-bit: at most 2147483647)." })
    .optional(),
  keyId: z.string().min(1).meta({ description: 'Only this key.' }).optional(),
});

const day = z.string().meta({ format: 'date' });

export const apiAccessContract = {
  operations: defineOperations({
    getApiAccess: {
      method: 'get',
      path: '/admin/api-access',
      query: directoryPageQuery,
      responses: {
        '200': pageInDataOf(z.strictObject({ settings: ApiSettings, clients: z.array(Client) })),
      },
    },
    createApiClient: {
      method: 'post',
      path: '/admin/api-access/clients',
      body: createApiClientBody,
      bodyRequired: true,
      responses: { '201': ClientBody },
    },
    updateApiClient: {
      method: 'put',
      path: '/admin/api-access/clients/{id}',
      params: clientIdParams,
      body: updateApiClientBody,
      bodyRequired: true,
      responses: { '200': ClientBody },
    },
    deleteApiClient: {
      method: 'delete',
      path: '/admin/api-access/clients/{id}',
      params: clientIdParams,
      responses: { '200': dataOf(z.strictObject({ id: z.number().int(), deleted: z.literal(true) })) },
    },
    createApiKey: {
      method: 'post',
      path: '/admin/api-access/clients/{id}/keys',
      params: clientIdParams,
      body: createApiKeyBody,
      bodyRequired: true,
      responses: { '201': IssuedKeyBody },
    },
    updateApiKey: {
      method: 'put',
      path: '/admin/api-access/keys/{id}',
      params: keyIdParams,
      body: updateApiKeyBody,
      bodyRequired: true,
      responses: { '200': ApiKeyBody },
    },
    revokeApiKey: {
      method: 'post',
      path: '/admin/api-access/keys/{id}/revoke',
      params: keyIdParams,
      responses: { '200': ApiKeyBody },
    },
    rotateApiKey: {
      method: 'post',
      path: '/admin/api-access/keys/{id}/rotate',
      params: keyIdParams,
      body: RotateRequest,
      responses: { '201': RotatedKeyBody },
    },
    updateApiSettings: {
      method: 'put',
      path: '/admin/api-access/settings',
      body: updateApiSettingsBody,
      bodyRequired: true,
      responses: { '200': dataOf(ApiSettings) },
    },
    getApiUsage: {
      method: 'get',
      path: '/admin/api-access/usage',
      query: apiUsageQuery,
      responses: {
        '200': dataOf(z.strictObject({ from: day, to: day, rows: z.array(UsageRow) })),
      },
    },
  }),
  components: {
    Scope,
    RateLimit,
    IpAllowList,
    KeyScopes,
    RotateRequest,
    ApiSettings,
    ApiKey,
    KeySecret,
    IssuedKey,
    RotatedKey,
    Client,
    UsageRow,
  },
  responses: { Client: ClientBody, ApiKey: ApiKeyBody, IssuedKey: IssuedKeyBody, RotatedKey: RotatedKeyBody },
};
