import type { ErrorEnvelope } from '../api/client';
import type { Loaded } from './use-load';

/** A failed call, as the API answered it: its message, code and request id (what support asks for). */
export function ErrorNotice({
  error,
  status,
}: {
  error?: ErrorEnvelope['error'] | undefined;
  status?: number;
}) {
  // The gateway's own 404 for a path it has no route for: a page whose API this platform does not serve yet.
  if (status === 404 && (!error || error.message.startsWith('No route for')))
    return (
      <p className="notice" role="alert">
        This part of the console is not served by this platform yet.
      </p>
    );
  return (
    <div className="notice notice-error" role="alert">
      <p>
        <strong>{error?.message ?? `The call failed (${status ?? 'no answer'}).`}</strong>
      </p>
      {error ? (
        <p className="muted">
          Code <code>{error.code}</code>
          {error.requestId ? (
            <>
              {' '}
              · request id <code>{error.requestId}</code>
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p className="muted" role="status">
      Loading {what}…
    </p>
  );
}

/** What a page says while its data loads, and the API's error if the load failed. */
export function LoadStatus({ loaded, what }: { loaded: Loaded<unknown>; what: string }) {
  return (
    <>
      {loaded.loading ? <Loading what={what} /> : null}
      {loaded.outcome && !loaded.outcome.ok ? (
        <ErrorNotice error={loaded.outcome.error} status={loaded.outcome.status} />
      ) : null}
    </>
  );
}
