import { badRequest, type FieldProblem } from '@travel/errors';
import { MAX_AMOUNT_PAISE, type Price, priceOf } from '@travel/prices';
import type { CurrentRates } from './current-rates';
import { isService, serviceProblems, tenantIdProblems } from './pricing-rule';

export interface QuoteInput {
  /** Absent: the platform default margin. */
  tenantId?: string | undefined;
  service: string;
  amountPaise: number;
}

/** The price of one supplier amount (in paise) for a tenant, with the rules in force now. */
export function createQuote({ currentRates }: { currentRates: CurrentRates }) {
  return async function quote({ tenantId, service, amountPaise }: QuoteInput): Promise<Price> {
    const problems = [
      ...tenantIdProblems(tenantId),
      ...serviceProblems(service),
      ...amountProblems(amountPaise),
    ];
    if (problems.length > 0 || !isService(service)) throw badRequest(problems);
    return priceOf(amountPaise, await currentRates(tenantId ?? null, service));
  };
}

function amountProblems(amountPaise: number): FieldProblem[] {
  if (Number.isSafeInteger(amountPaise) && amountPaise > 0 && amountPaise <= MAX_AMOUNT_PAISE) return [];
  return [{ path: 'amount', message: `Must be greater than 0 and at most ${MAX_AMOUNT_PAISE / 100} (INR).` }];
}
