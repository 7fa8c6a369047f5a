import type { AdminApi } from '../../support/admin';

// What the admin fuzzing may change platform-wide, read before it runs and put back after it, so the
// suites after it find the platform as they expect (docs/decisions/http-api.md "Contract and fuzzing").

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

/** Promotions apply by themselves (a `b2c` discount to every storefront price): the run's own are removed. */
const PROMOTIONS = ['discounts', 'offers', 'vouchers'] as const;

export interface PlatformState {
  settings: Record<string, unknown>;
  apiSettings: Record<string, unknown>;
  ipRules: string[];
  pricingRules: Rule[];
  defaultGateway: string | undefined;
  /** Every gateway before the run: those the fuzzing made are deleted (one left the default would send later storefront payments to a provider). */
  gateways: string[];
  promotions: Record<(typeof PROMOTIONS)[number], string[]>;
  /** The platform's active storefront theme (null: the built-in default). */
  activeTheme: string | null;
}

const pick = (from: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(keys.filter((key) => from[key] !== undefined).map((key) => [key, from[key]]));

/** Every id of a cursor-paginated console list. */
async function everyId(admin: AdminApi, path: string): Promise<string[]> {
  return (await admin.everyItem<Listed>(path)).map((item) => item.id);
}

/** Every stored pricing rule, page after page. */
const everyRule = (admin: AdminApi) =>
  admin.everyItem('/api/pricing/rules', (data) => (data as { rules: Rule[] }).rules);

async function promotionIds(admin: AdminApi): Promise<PlatformState['promotions']> {
  const [discounts, offers, vouchers] = await Promise.all(
    PROMOTIONS.map((kind) => everyId(admin, `/api/admin/${kind}`)),
  );
  return { discounts: discounts ?? [], offers: offers ?? [], vouchers: vouchers ?? [] };
}

export async function readPlatformState(admin: AdminApi): Promise<PlatformState> {
  const pricingRules = await everyRule(admin);
  const gateways = await admin.everyItem<Listed>('/api/admin/payment-gateways');
  return {
    settings: await admin.request('GET', '/api/admin/settings'),
    apiSettings: (await admin.request<{ settings: Record<string, unknown> }>('GET', '/api/admin/api-access'))
      .settings,
    ipRules: (await admin.request<Listed[]>('GET', '/api/admin/settings/ip-rules')).map((r) => r.id),
    pricingRules,
    defaultGateway: gateways.find((g) => g.isDefault)?.id,
    gateways: gateways.map((g) => g.id),
    promotions: await promotionIds(admin),
    activeTheme: (await admin.request<{ id: string | null }>('GET', '/api/admin/themes/active')).id,
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
  await restorePricingRules(admin, before.pricingRules);
  for (const gateway of await admin.everyItem<Listed>('/api/admin/payment-gateways'))
    if (!before.gateways.includes(gateway.id))
      await admin.request('DELETE', `/api/admin/payment-gateways/${gateway.id}`);
  if (before.defaultGateway)
    await admin.request('POST', `/api/admin/payment-gateways/${before.defaultGateway}/set-default`);
  const now = await promotionIds(admin);
  for (const kind of PROMOTIONS)
    for (const id of now[kind].filter((id) => !before.promotions[kind].includes(id)))
      await admin.request('DELETE', `/api/admin/${kind}/${id}`);
  // A platform that wore the built-in default before keeps the run's theme: themes cannot be deleted.
  if (before.activeTheme) await admin.request('POST', `/api/admin/themes/${before.activeTheme}/activate`);
}

async function restorePricingRules(admin: AdminApi, before: Rule[]): Promise<void> {
  const now = await everyRule(admin);
  for (const rule of now) {
    const old = before.find((r) => r.id === rule.id);
    if (!old) await admin.request('DELETE', `/api/pricing/rules/${rule.id}`);
    else if (old.bps !== rule.bps)
      await admin.request('PUT', `/api/pricing/rules/${rule.id}`, { bps: old.bps });
  }
  for (const { kind, tenantId, service, bps } of before.filter(
    (old) => !now.some((rule) => rule.id === old.id),
  ))
    await admin.request('POST', '/api/pricing/rules', { kind, tenantId, service: service ?? undefined, bps });
}
