import { z } from 'zod';

// `POST /bookings/{id}/cancellation-quote` and the quote a cancel may name (issue 32; docs/decisions/partner-tools.md,
// "Cancellation quotes and offer keys").

export const QuoteId = z
  .string()
  .regex(/^cqt_[A-Za-z0-9_-]{22}$/)
  .meta({
    description:
      'A cancellation quote of this booking (`POST /bookings/{id}/cancellation-quote`): the cancel lands only\n' +
      'at its refund (else `409 refund_changed`), before it expires (else `409 quote_expired`).\n',
    examples: ['cqt_Vb3mK9qLr2TxY8wZp0aH1c'],
  });

export const CancellationQuote = z
  .strictObject({
    id: QuoteId,
    bookingId: z.string().regex(/^bkg_[1-9][0-9]*$/),
    refundAmount: z.number().int().min(0).meta({
      description: 'Whole rupees credited to your tenant (its invoice line is reversed by this much).',
    }),
    penalty: z
      .number()
      .int()
      .min(0)
      .meta({ description: 'Whole rupees kept back; `refundAmount + penalty` is the booking `amount`.' }),
    currency: z.literal('INR'),
    rule: z.enum(['full_refund_before_travel']).meta({
      description:
        'The refund rule that applied. `full_refund_before_travel`: an `Upcoming` booking cancelled before\n' +
        'its travel date (UTC) is refunded in full.\n',
    }),
    expiresAt: z.iso
      .datetime()
      .meta({ description: 'Until then `POST /bookings/{id}/cancel` may name `id`.' }),
  })
  .meta({ description: 'What a cancel of the booking refunds now, promised until `expiresAt`.' });

/** The partner's `POST /bookings/{id}/cancel`: no body, `{}`, or a quote to cancel at (staff and customers send none). */
export const partnerCancelBookingBody = z.strictObject({ quoteId: QuoteId.optional() });

/** `POST /bookings/{id}/cancellation-quote` takes no body; an empty one or `{}` is fine. */
export const cancellationQuoteBody = z.strictObject({});
