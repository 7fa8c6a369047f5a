import { parkedEventSchema } from '@travel/events';
import { processedEventSchema, sequenceSchema } from '@travel/mongo';
import type { Schema } from 'mongoose';
import { apiClientSchema } from './api-client.schema';
import { apiKeySchema } from './api-key.schema';
import { apiKeyRevocationSchema } from './api-key-revocation.schema';
import { apiSettingsSchema } from './api-settings.schema';
import { apiUsageSchema } from './api-usage.schema';
import { usageDaySchema, usageRollupSchema } from './api-usage-rollup.schema';
import { auditLogSchema } from './audit-log.schema';
import { consoleIpRulesSchema } from './console-ip-rules.schema';
import { customerSchema } from './customer.schema';
import { customerSessionSchema } from './customer-session.schema';
import { platformSettingsSchema } from './platform-settings.schema';
import { refreshTokenSchema } from './refresh-token.schema';
import { refreshTokenUseSchema } from './refresh-token-use.schema';
import { requestLogPageSchema } from './request-log.schema';
import { roleSchema } from './role.schema';
import { sessionRevocationSchema } from './session-revocation.schema';
import { signingKeySchema } from './signing-key.schema';
import { staffSessionSchema } from './staff-session.schema';
import { staffUserSchema } from './staff-user.schema';
import { tenantSchema } from './tenant.schema';

/** Every collection of identity's database with its indexes: what `commands/migrate.ts` creates. */
export const collections: Schema[] = [
  tenantSchema,
  apiClientSchema,
  apiKeySchema,
  apiKeyRevocationSchema,
  apiSettingsSchema,
  apiUsageSchema,
  usageRollupSchema,
  usageDaySchema,
  requestLogPageSchema,
  auditLogSchema,
  staffUserSchema,
  roleSchema,
  staffSessionSchema,
  sessionRevocationSchema,
  refreshTokenSchema,
  refreshTokenUseSchema,
  signingKeySchema,
  customerSchema,
  customerSessionSchema,
  platformSettingsSchema,
  consoleIpRulesSchema,
  sequenceSchema,
  processedEventSchema,
  parkedEventSchema,
];
