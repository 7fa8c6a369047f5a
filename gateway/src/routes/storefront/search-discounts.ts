import type { Response } from 'express';
import type { ServiceClients } from '../../clients/service-clients';
import { callOptions } from '../../http/calls';
import { requestContextOf } from '../../http/request-context';
import type { DiscountLine } from '../common/search-routes';

/**
 * The storefront's automatic discount line on each price of a search (promotions' `BestDiscounts`, one call
 * per search): `null` where none applies. Promotions down: the prices are shown without their line (logged),
 * never refused; the booking asks again and applies what applies then.
 */
export function storefrontDiscountLines(clients: ServiceClients) {
  return async (service: string, totals: number[], res: Response): Promise<Array<DiscountLine | null>> => {
    if (totals.length === 0) return [];
    try {
      const reply = await clients.promotions.bestDiscounts({ service, amounts: totals }, callOptions(res));
      return totals.map((total, index) => {
        const best = reply.discounts[index];
        if (!best?.discountId || best.discount <= 0) return null;
        const amount = Math.min(best.discount, total);
        return { id: best.discountId, name: best.name ?? '', amount, total: total - amount };
      });
    } catch (error) {
      requestContextOf(res).log.warn({ err: error }, 'storefront prices shown without automatic discounts');
      return totals.map(() => null);
    }
  };
}
