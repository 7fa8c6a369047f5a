import type { AdminApi } from '../../support/admin';

// What the admin fuzzing may change platform-wide, read before it runs and put back after it, so the
// suites after it find the platform as they expect (decisions.md "Contract and fuzzing").

interface Rule {
  id: string;
  kind: string;
  tenantId: string | null;
  service?: string | null;
  bps: number;
}
interface Listed {
  id: string;
  isDefault?: boolean;
}

export interface PlatformState {
  settings: Record<string, unknown>;
  apiSettings: Record<string, unknown>;
  ipRules: string[];
  pricingRules: Rule[];
  defaultGateway: string | undefined;
}

const pick = (from: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(keys.filter((key) => from[key] !== undefined).map((key) => [key, from[key]]));

export async function readPlatformState(admin: AdminApi): Promise<PlatformState> {
  const pricing = await admin.request<{ rules: Rule[] }>('GET', '/api/pricing/rules');
  const gateways = await admin.request<Listed[]>('GET', '/api/admin/payment-gateways');
  return {
    settings: await admin.request('GET', '/api/admin/settings'),
    apiSettings: (await admin.request<{ settings: Record<string, unknown> }>('GET', '/api/admin/api-access'))
      .settings,
    ipRules: (await admin.request<Listed[]>('GET', '/api/admin/settings/ip-rules')).map((r) => r.id),
    pricingRules: pricing.rules,
    defaultGateway: gateways.find((g) => g.isDefault)?.id,
  };
}

/** Puts back every platform switch and rule the fuzzing may have changed. */
export async function restorePlatformState(admin: AdminApi, before: PlatformState): Promise<void> {
  await admin.request(
    'PUT',
    '/api/admin/settings',
    pick(before.settings, ['siteName', 'supportEmail', 'supportPhone', 'storefrontEnabled']),
  );
  await admin.request(
    'PUT',
    '/api/admin/api-access/settings',
    pick(before.apiSettings, ['apiEnabled', 'disabledScopes', 'defaultRateLimit']),
  );
  for (const rule of await admin.request<Listed[]>('GET', '/api/admin/settings/ip-rules'))
    if (!before.ipRules.includes(rule.id))
      await admin.request('DELETE', `/api/admin/settings/ip-rules/${rule.id}`);
  const now = await admin.request<{ rules: Rule[] }>('GET', '/api/pricing/rules');
  for (const rule of now.rules) {
    const old = before.pricingRules.find((r) => r.id === rule.id);
    if (!old) await admin.request('DELETE', `/api/pricing/rules/${rule.id}`);
    else if (old.bps !== rule.bps)
      await admin.request('PUT', `/api/pricing/rules/${rule.id}`, { bps: old.bps });
  }
  for (const { kind, tenantId, service, bps } of before.pricingRules.filter(
    (old) => !now.rules.some((rule) => rule.id === old.id),
  ))
    await admin.request('POST', '/api/pricing/rules', { kind, tenantId, service: service ?? undefined, bps });
  if (before.defaultGateway)
    await admin.request('POST', `/api/admin/payment-gateways/${before.defaultGateway}/set-default`);
}
