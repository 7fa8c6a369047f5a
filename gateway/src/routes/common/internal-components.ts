import { z } from 'zod';
import { HTTP_URL_PATTERN, httpUrl } from '../../http/http-url';
import { nonBlank } from './params';
import { ERROR_CODES, IdempotencyKeyInUse, PriceChanged } from './partner-contract/components';
import { dataOf, pageLimit, pageOf, pageQuery } from './partner-contract/operations';

// The internal document's named schemas that more than one route group uses; each group's own are in its
// `contract.ts`. Merged into the internal contract in internal-contract.ts.

export const FieldProblem = z.strictObject({
  path: z.string().meta({ description: 'Dotted path of the failing field, e.g. `scopes.1`.' }),
  message: z.string(),
});

/** `details` of `payment_gateway_unavailable` (docs/payments.md): the refused booking and why. */
export const PaymentRefused = z
  .strictObject({
    bookingId: z.string().meta({ description: 'The booking that was not made (it is `Cancelled`).' }),
    reason: z.enum(['no_gateway', 'simulator_disabled', 'gateway_unusable']),
  })
  .meta({ description: 'A card payment refused for want of a usable payment gateway: nothing was charged.' });

export const ErrorEnvelope = z.strictObject({
  error: z.strictObject({
    code: z.enum([...ERROR_CODES, 'payment_gateway_unavailable']),
    message: z.string(),
    requestId: z.string(),
    details: z
      .union([z.array(FieldProblem), IdempotencyKeyInUse, PriceChanged, PaymentRefused])
      .nullable()
      .meta({
        description:
          '`{ path, message }` per failing field on `bad_request`; what is missing on `/ready`; the facts of\n' +
          '`idempotency_key_in_use`, `price_changed` and `payment_gateway_unavailable`; otherwise null.\n',
      }),
  }),
});

// `format` and `pattern` as written: zod would drop the format and escape the pattern's slashes.
export const HttpUrl = httpUrl().meta({
  format: 'uri',
  pattern: HTTP_URL_PATTERN,
  description:
    'An absolute http(s) URL in RFC 3986 characters, at most 2000: a host in another script in punycode\n' +
    '(`https://xn--…`), any other character percent-encoded (`%7B` for `{`). Its host and port must be ones a\n' +
    'browser can open (a port up to 65535, a well-formed IP address).\n',
  'x-rule': 'an http(s) URL a browser can open (its host and port)',
});

export const DisplayName = nonBlank(120).meta({ description: 'Trimmed, 1 to 120 characters.' });

export const RefreshTokenRequest = z.strictObject({ refreshToken: z.string().min(1).max(500) });

export const WalletEntry = z.strictObject({
  id: z.string().meta({ description: '`wle_<n>`.' }),
  type: z.enum(['credit', 'debit']),
  reason: z
    .enum(['refund', 'promotion', 'top_up', 'booking_payment'])
    .meta({ description: 'Credits: `refund`, `promotion`, `top_up`; debits: `booking_payment`.' }),
  amount: z.number().int().min(1),
  bookingId: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

/**
 * `limit` and `cursor` of the directory lists a console loads whole for its pickers (tenants, staff users,
 * roles, API clients, pricing rules, payment gateways): the largest page by default, so a console that does
 * not follow `nextCursor` yet still sees up to 100 (docs/decisions/http-api.md, "Paged directory lists").
 */
export const directoryPageQuery = pageQuery.extend({
  limit: pageLimit(
    100,
    'Items per page. 100 unless set: the largest page, so a console that reads the first page only still sees up to 100.',
  ),
});

/**
 * `{ data: { …, <one page of a list> }, hasMore, nextCursor }`: the list envelope around an object that holds a
 * page of a list beside fields of its own (the API-access consoles' settings and clients, the pricing rules and
 * the defaults in force).
 */
export const pageInDataOf = <S extends z.ZodType>(data: S) => pageOf(z.never()).extend({ data });

/** `{ data, hasMore: false, nextCursor: null }`: a list that always fits in one page. */
export const completeListOf = <S extends z.ZodType>(item: S) =>
  z.strictObject({ data: z.array(item), hasMore: z.literal(false), nextCursor: z.null() });

/** `{ data: { id, deleted: true } }`: what every `DELETE` answers (the named response `Deleted`). */
export const DeletedBody = dataOf(z.strictObject({ id: z.string(), deleted: z.literal(true) }));

/** The shared named schemas, by the name the document refers to them. */
export const internalComponents = {
  FieldProblem,
  ErrorEnvelope,
  IdempotencyKeyInUse,
  PriceChanged,
  PaymentRefused,
  HttpUrl,
  DisplayName,
  RefreshTokenRequest,
  WalletEntry,
};

/** The shared named responses (`components.responses`), by name. */
export const internalResponses = { Deleted: DeletedBody };
