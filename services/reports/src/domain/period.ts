import { badRequest, type FieldProblem } from '@travel/errors';
import { isService, type Service } from './facts';

/** The longest period one report covers. */
export const MAX_PERIOD_DAYS = 366;

export interface Period {
  from: string;
  to: string;
  service: Service | undefined;
}

/** `from` and `to` are calendar days, in order, at most `MAX_PERIOD_DAYS` apart; `service` a known one. */
export function periodOf(request: { from: string; to: string; service?: string }): Period {
  const problems: FieldProblem[] = [];
  const from = Date.parse(`${request.from}T00:00:00Z`);
  const to = Date.parse(`${request.to}T00:00:00Z`);
  if (!isDay(request.from)) problems.push({ path: 'from', message: 'must be a calendar day YYYY-MM-DD' });
  if (!isDay(request.to)) problems.push({ path: 'to', message: 'must be a calendar day YYYY-MM-DD' });
  else if (isDay(request.from) && to < from)
    problems.push({ path: 'to', message: 'must not be before from' });
  else if (isDay(request.from) && (to - from) / 86_400_000 + 1 > MAX_PERIOD_DAYS)
    problems.push({ path: 'to', message: `the period is at most ${MAX_PERIOD_DAYS} days` });
  if (request.service !== undefined && !isService(request.service))
    problems.push({ path: 'service', message: 'must be flight, hotel or car' });
  if (problems.length > 0) throw badRequest(problems);
  return { from: request.from, to: request.to, service: request.service as Service | undefined };
}

function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const at = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(value);
}
