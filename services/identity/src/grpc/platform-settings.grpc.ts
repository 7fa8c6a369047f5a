import type { platformSettings } from '@travel/contracts';
import type { RequestContext, ServiceImplementation } from '@travel/grpc';
import type { ConsoleIpRulesRepository } from '../db/console-ip-rules.repository';
import type { PlatformSettingsRepository } from '../db/platform-settings.repository';
import type { createCreateConsoleIpRule } from '../domain/settings/create-console-ip-rule';
import type { createDeleteConsoleIpRule } from '../domain/settings/delete-console-ip-rule';
import type { PlatformSettings } from '../domain/settings/platform-settings';
import type { createUpdatePlatformSettings } from '../domain/settings/update-platform-settings';
import { requireStaffWith } from './staff-actor';

export interface PlatformSettingsUseCases {
  getPlatformSettings: PlatformSettingsRepository['get'];
  updatePlatformSettings: ReturnType<typeof createUpdatePlatformSettings>;
  listConsoleIpRules: () => ReturnType<ConsoleIpRulesRepository['read']>;
  createConsoleIpRule: ReturnType<typeof createCreateConsoleIpRule>;
  deleteConsoleIpRule: ReturnType<typeof createDeleteConsoleIpRule>;
}

/** Thin handlers: decode, call one use case, encode. */
export function createPlatformSettingsGrpc(
  useCases: PlatformSettingsUseCases,
): ServiceImplementation<typeof platformSettings.PlatformSettingsServiceDefinition, RequestContext> {
  return {
    async getPlatformSettings() {
      return { settings: encodeSettings(await useCases.getPlatformSettings()) };
    },
    async updatePlatformSettings({ caller, ...input }) {
      return {
        settings: encodeSettings(
          await useCases.updatePlatformSettings(requireStaffWith(caller, 'settings'), input),
        ),
      };
    },
    async listConsoleIpRules() {
      return { rules: (await useCases.listConsoleIpRules()).rules };
    },
    async createConsoleIpRule({ caller, ...input }) {
      return { rule: await useCases.createConsoleIpRule(requireStaffWith(caller, 'settings'), input) };
    },
    async deleteConsoleIpRule({ caller, id }) {
      await useCases.deleteConsoleIpRule(requireStaffWith(caller, 'settings'), id);
      return {};
    },
  };
}

function encodeSettings(settings: PlatformSettings): platformSettings.PlatformSettings {
  return { ...settings, updatedAt: settings.updatedAt ?? undefined };
}
