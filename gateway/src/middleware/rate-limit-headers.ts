import { AppError } from '@travel/errors';
import type { Response } from 'express';
import type { RateDecision } from '../access/rate-limits';

/** The RateLimit-* headers on every limited answer, and `429` with `Retry-After` past the limit. */
export function applyRateDecision(res: Response, decision: RateDecision, refusal: string): void {
  res.setHeader('RateLimit-Limit', String(decision.limit));
  res.setHeader('RateLimit-Remaining', String(decision.remaining));
  res.setHeader('RateLimit-Reset', String(decision.resetSeconds));
  if (decision.allowed) return;
  res.setHeader('Retry-After', String(decision.resetSeconds));
  throw new AppError('rate_limited', `${refusal}; retry in ${decision.resetSeconds} s.`);
}
