import { Link, useParams } from 'wouter';
import { ErrorNotice, Loading } from '../ui/errors';
import { formatMs, formatTime } from '../ui/format';
import { useScope } from '../ui/scope';
import { JsonBlock } from '../ui/scroll-region';
import { useCarry } from '../ui/url-state';
import { useLoad } from '../ui/use-load';
import { getRequestLog } from './request-log-api';

/** One call by its request id: every recorded field and, for a failed call, the error envelope it answered. */
export function RequestLogDetailPage() {
  const { requestId = '' } = useParams<{ requestId: string }>();
  const scope = useScope();
  const carry = useCarry();
  const log = useLoad(() => getRequestLog(scope, requestId), [requestId, scope.platform]);
  const row = log.outcome?.data;
  return (
    <>
      <p>
        <Link href={carry('/logs')}>Back to request logs</Link>
      </p>
      <h1>
        Call <code>{requestId}</code>
      </h1>
      {log.loading ? <Loading what="the call" /> : null}
      {log.outcome && !log.outcome.ok ? (
        log.outcome.status === 404 ? (
          <p role="alert" className="notice">
            No call of this tenant has the request id <code>{requestId}</code> (a call is listed within
            seconds of its answer).
          </p>
        ) : (
          <ErrorNotice error={log.outcome.error} status={log.outcome.status} />
        )
      ) : null}
      {row ? (
        <>
          <dl className="facts">
            <dt>Time</dt>
            <dd>
              <time dateTime={row.at}>{formatTime(row.at)}</time>
            </dd>
            <dt>Mode</dt>
            <dd>{row.environment}</dd>
            <dt>Key</dt>
            <dd>
              <code>{row.keyId}</code> (client {row.clientId})
            </dd>
            <dt>Method</dt>
            <dd>{row.method}</dd>
            <dt>Route</dt>
            <dd>{row.route}</dd>
            <dt>Path</dt>
            <dd>
              <code>{row.path}</code>
            </dd>
            <dt>Status</dt>
            <dd>{row.status}</dd>
            <dt>Latency</dt>
            <dd>{formatMs(row.latencyMs)}</dd>
            <dt>Client address</dt>
            <dd>{row.clientAddress}</dd>
            <dt>Idempotency key</dt>
            <dd>{row.idempotencyKey ?? '—'}</dd>
          </dl>
          {row.error ? (
            <section aria-labelledby="error-title">
              <h2 id="error-title">Error</h2>
              <p>
                <code>{row.error.error.code}</code>: {row.error.error.message}
              </p>
              <figure>
                <figcaption>Error envelope</figcaption>
                <JsonBlock label="Error envelope JSON" value={row.error} />
              </figure>
            </section>
          ) : null}
        </>
      ) : null}
    </>
  );
}
