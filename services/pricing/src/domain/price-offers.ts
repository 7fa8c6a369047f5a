import { badRequest, type FieldProblem } from '@travel/errors';
import { MAX_AMOUNT_PAISE, type Price, priceOfRupees } from '@travel/prices';
import type { CurrentRates } from './current-rates';
import { isService, serviceProblems, tenantIdProblems } from './pricing-rule';

/** More offers than any search returns; a bound so one call cannot ask for unbounded work. */
export const MAX_OFFERS_PER_CALL = 1000;

const MAX_SUBTOTAL_RUPEES = MAX_AMOUNT_PAISE / 100;

export interface PriceOffersInput {
  tenantId?: string | undefined;
  service: string;
  /** Supplier subtotals in whole rupees. */
  subtotals: readonly number[];
}

/** The prices of many offers of one service for one tenant, in their order, with one read of the rules. */
export function createPriceOffers({ currentRates }: { currentRates: CurrentRates }) {
  return async function priceOffers({ tenantId, service, subtotals }: PriceOffersInput): Promise<Price[]> {
    const problems = [
      ...tenantIdProblems(tenantId),
      ...serviceProblems(service),
      ...subtotalProblems(subtotals),
    ];
    if (problems.length > 0 || !isService(service)) throw badRequest(problems);
    if (subtotals.length === 0) return [];
    const rates = await currentRates(tenantId ?? null, service);
    return subtotals.map((subtotal) => priceOfRupees(subtotal, rates));
  };
}

function subtotalProblems(subtotals: readonly number[]): FieldProblem[] {
  if (subtotals.length > MAX_OFFERS_PER_CALL) {
    return [{ path: 'subtotals', message: `At most ${MAX_OFFERS_PER_CALL} per call.` }];
  }
  return subtotals.flatMap((subtotal, index) =>
    Number.isSafeInteger(subtotal) && subtotal >= 0 && subtotal <= MAX_SUBTOTAL_RUPEES
      ? []
      : [
          {
            path: `subtotals.${index}`,
            message: `Must be an integer from 0 to ${MAX_SUBTOTAL_RUPEES} (INR).`,
          },
        ],
  );
}
