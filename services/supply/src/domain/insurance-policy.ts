import { createProblems } from './fields';

export interface InsurancePolicy {
  /** `ins_<n>`. */
  id: string;
  n: number;
  /** A tenant id, or `platform`. */
  owner: string;
  insurer: string;
  name: string;
  /** The sum insured, whole rupees. */
  coverage: number;
  /** The premium as basis points of the coverage. */
  premiumBps: number;
  description?: string;
  createdAt: Date;
}

export interface Price {
  baseAmount: number;
  tax: number;
  fee: number;
  total: number;
  currency: string;
}

export interface PricedPolicy {
  policy: InsurancePolicy;
  /** Whole rupees. */
  premium: number;
  price: Price;
}

export const insurancePolicyIdOf = (n: number) => `ins_${n}`;
/** Up to ₹100 crore insured; with at most 100 % premium the paise stay far inside pricing's limit. */
export const MAX_COVERAGE = 1_000_000_000;

/**
 * The premium in paise: coverage (rupees) × bps / 10000 × 100, rounded half up (exact: both are integers).
 * Paise, not rupees, go to pricing, so a premium of ₹1,234.50 is priced as such.
 */
export function premiumPaiseOf(coverage: number, premiumBps: number): number {
  const product = BigInt(coverage) * BigInt(premiumBps);
  return Number((product * 2n + 100n) / 200n);
}

export function checkPolicyFields(fields: {
  insurer: string;
  name: string;
  coverage: number;
  premiumBps: number;
  description?: string;
}): void {
  const problems = createProblems();
  problems.text('insurer', fields.insurer, 120);
  problems.text('name', fields.name, 120);
  if (!Number.isSafeInteger(fields.coverage) || fields.coverage < 1 || fields.coverage > MAX_COVERAGE)
    problems.add('coverage', `must be whole rupees from 1 to ${MAX_COVERAGE}`);
  if (!Number.isInteger(fields.premiumBps) || fields.premiumBps < 1 || fields.premiumBps > 10_000)
    problems.add('premiumBps', 'must be basis points of the coverage from 1 to 10000');
  else if (Number.isSafeInteger(fields.coverage) && premiumPaiseOf(fields.coverage, fields.premiumBps) < 1)
    // Pricing quotes positive amounts only: a premium that rounds to nothing cannot be priced (or sold).
    problems.add(
      'premiumBps',
      'gives a premium under 1 paisa for this coverage (coverage × premiumBps must be at least 50)',
    );
  problems.text('description', fields.description, 2000);
  problems.throwIfAny();
}
