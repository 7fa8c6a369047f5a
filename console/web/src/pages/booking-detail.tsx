import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { api, type Outcome, outcomeOf } from '../api/client';
import { ErrorNotice, LoadStatus } from '../ui/errors';
import { formatMoney, formatTime } from '../ui/format';
import { useScope } from '../ui/scope';
import { useCarry } from '../ui/url-state';
import { useLoad } from '../ui/use-load';

interface Quote {
  id: string;
  bookingId: string;
  refundAmount: number;
  penalty: number;
  currency: string;
  expiresAt: string;
}

/** One booking; cancel it from a cancellation quote (the refund and penalty it will get, valid a while). */
export function BookingDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const scope = useScope();
  const carry = useCarry();
  const booking = useLoad(
    async () => outcomeOf(await api.GET('/admin/bookings/{id}', { params: { path: { id } } })),
    [id],
  );
  const [quote, setQuote] = useState<Quote | null>(null);
  const [failure, setFailure] = useState<Outcome<unknown> | null>(null);
  const [cancelled, setCancelled] = useState(false);

  async function askQuote() {
    const outcome = outcomeOf(
      await api.POST('/admin/bookings/{id}/cancellation-quote', { params: { path: { id } }, body: {} }),
    );
    setFailure(outcome.ok ? null : outcome);
    setQuote(outcome.data ?? null);
  }
  async function cancel() {
    if (!quote) return;
    const outcome = outcomeOf(
      await api.POST('/admin/bookings/{id}/cancel', {
        params: { path: { id } },
        body: { quoteId: quote.id },
      }),
    );
    setFailure(outcome.ok ? null : outcome);
    if (outcome.ok) {
      setCancelled(true);
      setQuote(null);
      booking.reload();
    }
  }
  const data = booking.outcome?.data;
  return (
    <>
      <p>
        <Link href={carry('/bookings')}>Back to bookings</Link>
      </p>
      <h1>
        Booking <code>{id}</code>
      </h1>
      <LoadStatus loaded={booking} what="the booking" />
      {data ? (
        <dl className="facts">
          <dt>PNR</dt>
          <dd>{data.pnr}</dd>
          <dt>Status</dt>
          <dd>{data.status}</dd>
          <dt>Type</dt>
          <dd>{data.type}</dd>
          <dt>Route</dt>
          <dd>{data.route}</dd>
          <dt>Travel date</dt>
          <dd>{data.date}</dd>
          <dt>Amount</dt>
          <dd>{formatMoney(data.amount, data.currency)}</dd>
          <dt>Mode</dt>
          <dd>{data.livemode ? 'live' : 'test'}</dd>
          <dt>Booked</dt>
          <dd>
            <time dateTime={data.createdAt}>{formatTime(data.createdAt)}</time>
          </dd>
          <dt>Reference</dt>
          <dd>{data.reference ?? '—'}</dd>
        </dl>
      ) : null}
      {cancelled ? (
        <p role="status" className="notice">
          The booking is cancelled.
        </p>
      ) : null}
      {failure && !failure.ok ? <ErrorNotice error={failure.error} status={failure.status} /> : null}
      {scope.canWrite && data?.status === 'Upcoming' ? (
        <section aria-labelledby="cancel-title" className="card">
          <h2 id="cancel-title">Cancel this booking</h2>
          {quote ? (
            <>
              <p>
                Refund {formatMoney(quote.refundAmount, quote.currency)}, penalty{' '}
                {formatMoney(quote.penalty, quote.currency)}; this quote holds until{' '}
                <time dateTime={quote.expiresAt}>{formatTime(quote.expiresAt)}</time>.
              </p>
              <button type="button" className="danger" onClick={() => void cancel()}>
                Cancel booking
              </button>
            </>
          ) : (
            <button type="button" onClick={() => void askQuote()}>
              Get cancellation quote
            </button>
          )}
        </section>
      ) : null}
    </>
  );
}
