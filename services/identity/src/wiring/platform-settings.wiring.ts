import type { AuditOutbox } from '@travel/audit';
import type { platformSettings } from '@travel/contracts';
import type { RequestContext, ServiceImplementation } from '@travel/grpc';
import type { Connection } from 'mongoose';
import { createConsoleIpRulesRepository } from '../db/console-ip-rules.repository';
import { createPlatformSettingsRepository } from '../db/platform-settings.repository';
import type { IdentityChanges } from '../domain/identity-changes';
import { createCreateConsoleIpRule } from '../domain/settings/create-console-ip-rule';
import { createDeleteConsoleIpRule } from '../domain/settings/delete-console-ip-rule';
import { createUpdatePlatformSettings } from '../domain/settings/update-platform-settings';
import { createPlatformSettingsGrpc } from '../grpc/platform-settings.grpc';

/** The platform settings (storefront switch) and the console IP rules: repositories and use cases. */
export function wirePlatformSettings(
  connection: Connection,
  shared: { auditOutbox: AuditOutbox; changes: IdentityChanges; now: () => Date },
): ServiceImplementation<typeof platformSettings.PlatformSettingsServiceDefinition, RequestContext> {
  const settings = createPlatformSettingsRepository(connection, shared.auditOutbox);
  const rules = createConsoleIpRulesRepository(connection, shared.auditOutbox);
  return createPlatformSettingsGrpc({
    getPlatformSettings: () => settings.get(),
    updatePlatformSettings: createUpdatePlatformSettings({ settings, ...shared }),
    listConsoleIpRules: () => rules.read(),
    createConsoleIpRule: createCreateConsoleIpRule({ rules, ...shared }),
    deleteConsoleIpRule: createDeleteConsoleIpRule({ rules, ...shared }),
  });
}
