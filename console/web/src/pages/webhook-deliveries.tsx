import { useState } from 'react';
import type { Outcome } from '../api/client';
import { ErrorNotice, LoadStatus } from '../ui/errors';
import { formatTime } from '../ui/format';
import { useLoad } from '../ui/use-load';
import { type Attempt, type Delivery, type EndpointRef, listDeliveries, redeliver } from './webhook-api';
import { DeliveryPayload } from './webhook-payload';

/** One attempt as a line: when, the receiver's answer (or why there was none), the outcome and its time. */
export function attemptSummary(attempt: Attempt): string {
  const answer = attempt.statusCode !== null ? `HTTP ${attempt.statusCode}` : (attempt.error ?? 'no answer');
  return `${answer} ${attempt.succeeded ? 'delivered' : 'failed'} in ${attempt.latencyMs} ms${attempt.manual ? ' (manual)' : ''}`;
}

/** The deliveries to one endpoint, newest first, with every attempt and the payload; one can be sent again now. */
export function Deliveries({ endpoint, url }: { endpoint: EndpointRef; url: string }) {
  const deliveries = useLoad(() => listDeliveries(endpoint), [endpoint.clientId, endpoint.mode, endpoint.id]);
  const [failure, setFailure] = useState<Outcome<unknown> | null>(null);
  const [done, setDone] = useState('');
  async function again(delivery: Delivery) {
    const outcome = await redeliver(endpoint, delivery.id);
    setFailure(outcome.ok ? null : outcome);
    setDone(outcome.data ? `Sent ${delivery.id} again: ${attemptSummary(outcome.data.attempt)}.` : '');
    deliveries.reload();
  }
  return (
    <section aria-labelledby="deliveries-title">
      <h2 id="deliveries-title">Deliveries to {url || endpoint.id}</h2>
      <button type="button" className="secondary" onClick={deliveries.reload}>
        Refresh deliveries
      </button>
      <p role="status">{done}</p>
      {failure && !failure.ok ? <ErrorNotice error={failure.error} status={failure.status} /> : null}
      <LoadStatus loaded={deliveries} what="deliveries" />
      {deliveries.outcome?.ok && deliveries.outcome.data?.length === 0 ? <p>No delivery yet.</p> : null}
      <ul className="cards">
        {(deliveries.outcome?.data ?? []).map((delivery) => (
          <li key={delivery.id} className="card">
            <h3>
              {delivery.eventType}{' '}
              <span className={`status delivery-${delivery.status}`}>{delivery.status}</span>
            </h3>
            <DeliveryFacts delivery={delivery} />
            <ol className="attempts" aria-label={`Attempts of ${delivery.id}`}>
              {delivery.attempts.map((attempt, index) => (
                // Attempts are only ever appended, and two can share a second (the times' precision).
                // biome-ignore lint/suspicious/noArrayIndexKey: the position is the attempt's identity.
                <li key={index}>
                  <time dateTime={attempt.at}>{formatTime(attempt.at)}</time>: {attemptSummary(attempt)}
                  {!attempt.succeeded && attempt.responseBody ? (
                    <>
                      {' '}
                      answering <code>{attempt.responseBody.slice(0, 120)}</code>
                    </>
                  ) : null}
                </li>
              ))}
            </ol>
            <DeliveryPayload client={endpoint} delivery={delivery} />
            <button
              type="button"
              aria-label={`Redeliver ${delivery.id}`}
              onClick={() => void again(delivery)}
            >
              Redeliver
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function DeliveryFacts({ delivery }: { delivery: Delivery }) {
  return (
    <p className="muted">
      <code>{delivery.id}</code> · event <code>{delivery.eventId}</code> ·{' '}
      <time dateTime={delivery.createdAt}>{formatTime(delivery.createdAt)}</time>
      {delivery.nextAttemptAt ? (
        <>
          {' '}
          · next retry <time dateTime={delivery.nextAttemptAt}>{formatTime(delivery.nextAttemptAt)}</time>
          {delivery.held ? ' (held: the endpoint failed several times in a row)' : ''}
        </>
      ) : null}
    </p>
  );
}
