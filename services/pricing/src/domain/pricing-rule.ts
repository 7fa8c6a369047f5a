import type { FieldProblem } from '@travel/errors';
import { MAX_BPS, type Rates } from '@travel/prices';

export const SERVICES = ['flight', 'hotel', 'car', 'insurance'] as const;
export type Service = (typeof SERVICES)[number];

export const RULE_KINDS = ['margin', 'tax', 'fee'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

/** Platform tax and fee per service while no rule is stored (docs/decisions/search-and-pricing.md, "Defaults"). */
export const DEFAULT_TAX_FEE_BPS: Readonly<Record<Service, { tax: number; fee: number }>> = {
  flight: { tax: 500, fee: 200 },
  hotel: { tax: 1200, fee: 200 },
  car: { tax: 500, fee: 200 },
  insurance: { tax: 1800, fee: 0 },
};

/**
 * Where a rule applies. `margin`: tenant + service, tenant alone (general) or neither (platform default);
 * `tax` and `fee`: a service, platform-wide. `null` means "not set".
 */
export interface RuleSlot {
  kind: RuleKind;
  tenantId: string | null;
  service: Service | null;
}

export interface PricingRule extends RuleSlot {
  /** `prc_<n>`. */
  id: string;
  bps: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A default in force for a slot that has no stored rule. */
export interface EffectiveDefault extends RuleSlot {
  bps: number;
}

/** The unique key of a slot: one rule per slot, so two creations of one slot race on the unique index. */
export function slotKey(slot: RuleSlot): string {
  return `${slot.kind}:${slot.tenantId ?? '*'}:${slot.service ?? '*'}`;
}

/** The slots that can decide a price for a tenant (or none) and a service, most specific margin first. */
export function slotsFor(tenantId: string | null, service: Service): RuleSlot[] {
  const platformSlots: RuleSlot[] = [
    { kind: 'margin', tenantId: null, service: null },
    { kind: 'tax', tenantId: null, service },
    { kind: 'fee', tenantId: null, service },
  ];
  if (tenantId === null) return platformSlots;
  return [
    { kind: 'margin', tenantId, service },
    { kind: 'margin', tenantId, service: null },
    ...platformSlots,
  ];
}

/**
 * The rates of one price from the rules stored in its slots (as `slotsFor` lists them): margin from the
 * tenant's rule for the service, else the tenant's general rule, else the platform rule, else the configured
 * default; tax and fee from the service's rule, else the defaults (docs/decisions/search-and-pricing.md).
 */
export function resolveRates(
  rules: readonly (RuleSlot & { bps: number })[],
  tenantId: string | null,
  service: Service,
  defaultMarginBps: number,
): Rates {
  const byKey = new Map(rules.map((rule) => [slotKey(rule), rule.bps]));
  const margin = slotsFor(tenantId, service)
    .filter((slot) => slot.kind === 'margin')
    .map((slot) => byKey.get(slotKey(slot)))
    .find((bps) => bps !== undefined);
  return {
    marginBps: margin ?? defaultMarginBps,
    taxBps: byKey.get(slotKey({ kind: 'tax', tenantId: null, service })) ?? DEFAULT_TAX_FEE_BPS[service].tax,
    feeBps: byKey.get(slotKey({ kind: 'fee', tenantId: null, service })) ?? DEFAULT_TAX_FEE_BPS[service].fee,
  };
}

/** The platform slots with their configured defaults, minus those a stored rule fills. */
export function effectiveDefaults(rules: readonly RuleSlot[], defaultMarginBps: number): EffectiveDefault[] {
  const stored = new Set(rules.map(slotKey));
  const defaults: EffectiveDefault[] = [
    { kind: 'margin', tenantId: null, service: null, bps: defaultMarginBps },
  ];
  for (const service of SERVICES) {
    defaults.push({ kind: 'tax', tenantId: null, service, bps: DEFAULT_TAX_FEE_BPS[service].tax });
    defaults.push({ kind: 'fee', tenantId: null, service, bps: DEFAULT_TAX_FEE_BPS[service].fee });
  }
  return defaults.filter((slot) => !stored.has(slotKey(slot)));
}

export function isService(value: string): value is Service {
  return (SERVICES as readonly string[]).includes(value);
}

export function isRuleKind(value: string): value is RuleKind {
  return (RULE_KINDS as readonly string[]).includes(value);
}

// Letters, digits, `_` and `-` only: `*` or `:` in a tenant id would alias another slot's key.
const TENANT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Problems of a tenant id given to pricing; `undefined` (absent) is fine. */
export function tenantIdProblems(tenantId: string | undefined): FieldProblem[] {
  if (tenantId === undefined || TENANT_ID.test(tenantId)) return [];
  return [{ path: 'tenantId', message: 'Must be 1 to 64 letters, digits, `_` or `-`.' }];
}

export function serviceProblems(service: string): FieldProblem[] {
  return isService(service) ? [] : [{ path: 'service', message: `Must be one of ${SERVICES.join(', ')}.` }];
}

export function bpsProblems(bps: number): FieldProblem[] {
  if (Number.isInteger(bps) && bps >= 0 && bps <= MAX_BPS) return [];
  return [{ path: 'bps', message: `Must be an integer from 0 to ${MAX_BPS} (basis points).` }];
}

export function actorProblems(actorUserId: string): FieldProblem[] {
  return actorUserId.trim() === ''
    ? [{ path: 'actorUserId', message: 'Required (who changes the rule).' }]
    : [];
}

export interface NewRuleFields {
  kind: string;
  tenantId?: string | undefined;
  service?: string | undefined;
  bps: number;
}

/**
 * Problems of a new rule, one per field. Tax and fee are platform-wide per service; a margin with a service
 * needs a tenant, because the platform margin is one number for every service (docs/decisions/search-and-pricing.md, "Rule slots").
 */
export function newRuleProblems(fields: NewRuleFields): FieldProblem[] {
  const { kind, tenantId, service } = fields;
  const problems: FieldProblem[] = [];
  if (!isRuleKind(kind)) problems.push({ path: 'kind', message: `Must be one of ${RULE_KINDS.join(', ')}.` });
  if (service !== undefined) problems.push(...serviceProblems(service));
  else if (kind === 'tax' || kind === 'fee')
    problems.push({ path: 'service', message: `Required for ${kind}.` });
  if (tenantId !== undefined && kind !== 'margin' && isRuleKind(kind)) {
    problems.push({ path: 'tenantId', message: `Must be absent: ${kind} is platform-wide.` });
  } else {
    problems.push(...tenantIdProblems(tenantId));
  }
  if (kind === 'margin' && tenantId === undefined && service !== undefined && isService(service)) {
    problems.push({
      path: 'service',
      message: 'Must be absent without a tenant: the platform margin applies to every service.',
    });
  }
  problems.push(...bpsProblems(fields.bps));
  return problems;
}
