import type { Request, Response } from 'express';
import { z } from 'zod';
import type { ServiceClients } from '../../clients/service-clients';
import { callOptions } from '../../http/calls';
import { dataBody } from '../../http/envelope';
import { validate } from '../../http/validate';
import { presentPrice } from './offer-presenters';

export const SERVICES = ['flight', 'hotel', 'car', 'insurance'] as const;

/**
 * `amount` is a decimal string greater than 0 with at most 12 digits before the point (no leading zero) and
 * at most two after it (paise): money never goes through a float. The OpenAPI documents carry this very
 * pattern, so what they allow is what we accept.
 */
export const AMOUNT_PATTERN = /^(0\.(0[1-9]|[1-9][0-9]?)|[1-9][0-9]{0,11}(\.[0-9]{1,2})?)$/;
const amount = z
  .string()
  .regex(AMOUNT_PATTERN, 'must be a number greater than 0 with at most 12 digits and at most 2 decimals');

export const quoteQuery = z.object({ service: z.enum(SERVICES), amount });

/** `"1234.5"` → 123450 paise, exactly. */
export function paiseOf(value: string): number {
  const [rupees = '0', fraction = ''] = value.split('.');
  return Number(rupees) * 100 + Number(fraction.padEnd(2, '0'));
}

/** A quote for a tenant (undefined: the platform default margin), in the shape of `GET /api/v1/pricing/quote`. */
export async function answerQuote(
  clients: ServiceClients,
  req: Request,
  res: Response,
  tenantId: string | undefined,
  schema: z.ZodType<{ service: (typeof SERVICES)[number]; amount: string }> = quoteQuery,
): Promise<void> {
  const { service, amount: value } = validate(schema, req.query, 'query');
  const reply = await clients.pricing.quote(
    { tenantId, service, amountPaise: paiseOf(value) },
    callOptions(res),
  );
  res.json(dataBody({ service, ...presentPrice(reply.price) }));
}
