import type { RequestHandler } from 'express';
import { requestContextOf } from '../http/request-context';

/** REQUEST_BUDGET_MS's default (docs/decisions/deadlines-and-load.md, "One budget per request"). */
export const DEFAULT_REQUEST_BUDGET_MS = 5000;

/**
 * Gives each request one budget (REQUEST_BUDGET_MS, or its route's own `budgetMs`) and a signal aborted when
 * its client hangs up before the answer. Every service call the route makes carries both (`callOptions`):
 * what is left of the budget as the call's deadline, which the services pass on to their own calls; the
 * signal cancels the calls in flight down the chain (docs/decisions/deadlines-and-load.md).
 */
export function requestBudget(defaultBudgetMs: number): RequestHandler {
  return (_req, res, next) => {
    const locals = requestContextOf(res);
    locals.deadline = new Date(Date.now() + (locals.route?.budgetMs ?? defaultBudgetMs));
    const hangUp = new AbortController();
    locals.signal = hangUp.signal;
    res.once('close', () => {
      if (!res.writableFinished) hangUp.abort();
    });
    next();
  };
}
