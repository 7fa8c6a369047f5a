import type { Request, Response } from 'express';
import { z } from 'zod';
import type { ServiceClients } from '../clients/service-clients';
import { callOptions } from '../http/calls';
import { dataBody } from '../http/envelope';
import { validate } from '../http/validate';
import { presentPrice } from './partner/presenters';

export const SERVICES = ['flight', 'hotel', 'car', 'insurance'] as const;

/** `amount` is a decimal string with at most two places (paise), greater than 0: money never goes through a float. */
const amount = z
  .string()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, 'must be a number greater than 0 with at most 2 decimals')
  .refine((value) => paiseOf(value) > 0, 'must be greater than 0');

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
