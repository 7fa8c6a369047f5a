import { type FormEvent, useState } from 'react';
import { call, callList, type Outcome } from '../api/client';
import { ErrorNotice, LoadStatus } from '../ui/errors';
import { formatTime } from '../ui/format';
import { ModeSwitch } from '../ui/mode-switch';
import { useScope } from '../ui/scope';
import { JsonBlock } from '../ui/scroll-region';
import { useMode, useUrlState } from '../ui/url-state';
import { useLoad } from '../ui/use-load';
import { ClientPicker, useClientChoice } from './clients';
import { SecretOnce } from './key-form';

const EVENT_TYPES = ['booking.created', 'booking.cancelled', 'invoice.paid'] as const;

interface Endpoint {
  id: string;
  url: string;
  events: string[];
  status: 'active' | 'disabled';
  enabled: boolean;
  createdAt: string;
  disabledReason: string | null;
}

interface Attempt {
  at: string;
  statusCode: number | null;
  latencyMs: number;
  responseBody: string | null;
  error: string | null;
  succeeded: boolean;
  manual: boolean;
}

interface Delivery {
  id: string;
  eventId: string;
  eventType: string;
  status: 'pending' | 'succeeded' | 'failed';
  createdAt: string;
  attempts: Attempt[];
  nextAttemptAt: string | null;
  held: boolean;
  payload?: unknown;
}

/** Webhook endpoints of one client in one mode, and each endpoint's deliveries (`?endpoint=`). */
export function WebhooksPage() {
  const mode = useMode();
  const scope = useScope();
  const { get, set } = useUrlState();
  const { clients, clientId, choose } = useClientChoice();
  const base = `/admin/api-console/clients/${clientId}/webhooks`;
  const endpoints = useLoad(
    () =>
      clientId
        ? callList<Endpoint>(base, { environment: mode })
        : Promise.resolve<Outcome<Endpoint[]>>({ ok: true, status: 200, data: [] }),
    [clientId, mode],
  );
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  const [failure, setFailure] = useState<Outcome<unknown> | null>(null);
  const [editing, setEditing] = useState<Endpoint | 'new' | null>(null);
  const chosen = get('endpoint');

  async function act(path: string, body: unknown, method: 'POST' | 'PATCH' = 'POST') {
    const outcome = await call<Record<string, unknown>>(method, path, { body, query: { environment: mode } });
    setFailure(outcome.ok ? null : outcome);
    endpoints.reload();
    return outcome;
  }
  async function rotate(endpoint: Endpoint) {
    const outcome = await act(`${base}/${endpoint.id}/rotate-secret`, { overlapSeconds: 3600 });
    const value = outcome.data?.secret;
    if (typeof value === 'string') setSecret({ name: endpoint.url, secret: value });
  }

  const list = endpoints.outcome?.data ?? [];
  const clientList = clients.outcome?.data?.clients ?? [];
  return (
    <>
      <h1>Webhooks</h1>
      <div className="toolbar">
        <ModeSwitch />
        <ClientPicker clients={clientList} clientId={clientId} choose={choose} />
      </div>
      {secret ? <SecretOnce issued={secret} onDone={() => setSecret(null)} /> : null}
      {failure && !failure.ok ? <ErrorNotice error={failure.error} status={failure.status} /> : null}
      {scope.canWrite && editing === null ? (
        <button type="button" onClick={() => setEditing('new')}>
          Add endpoint
        </button>
      ) : null}
      {editing !== null ? (
        <EndpointForm
          endpoint={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSave={async (body) => {
            const outcome =
              editing === 'new' ? await act(base, body) : await act(`${base}/${editing.id}`, body, 'PATCH');
            if (outcome.ok) {
              setEditing(null);
              const value = outcome.data?.secret;
              if (typeof value === 'string') setSecret({ name: String(body.url), secret: value });
            }
          }}
        />
      ) : null}
      <LoadStatus loaded={endpoints} what="endpoints" />
      {endpoints.outcome?.ok && list.length === 0 ? <p>No {mode} webhook endpoint.</p> : null}
      <ul className="cards">
        {list.map((endpoint) => (
          <li key={endpoint.id} className="card">
            <h2>{endpoint.url}</h2>
            <p>
              <span className={endpoint.enabled ? 'status status-2xx' : 'status status-4xx'}>
                {endpoint.enabled ? 'Enabled' : 'Disabled'}
              </span>{' '}
              {endpoint.disabledReason ? <span className="muted">({endpoint.disabledReason})</span> : null} ·{' '}
              {endpoint.events.length > 0 ? endpoint.events.join(', ') : 'every event'} ·{' '}
              <code>{endpoint.id}</code>
            </p>
            <div className="row-actions">
              <button
                type="button"
                className="secondary"
                aria-label={`Deliveries of ${endpoint.url}`}
                onClick={() => set({ endpoint: endpoint.id })}
              >
                Deliveries
              </button>
              {scope.canWrite ? (
                <>
                  <button
                    type="button"
                    className="secondary"
                    aria-label={`Edit ${endpoint.url}`}
                    onClick={() => setEditing(endpoint)}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="secondary"
                    aria-label={`${endpoint.enabled ? 'Disable' : 'Enable'} ${endpoint.url}`}
                    onClick={() =>
                      void act(`${base}/${endpoint.id}`, { enabled: !endpoint.enabled }, 'PATCH')
                    }
                  >
                    {endpoint.enabled ? 'Disable' : 'Enable'}
                  </button>
                  <button
                    type="button"
                    className="secondary"
                    aria-label={`Send a ping to ${endpoint.url}`}
                    onClick={() => void act(`${base}/${endpoint.id}/ping`, {})}
                  >
                    Ping
                  </button>
                  <button
                    type="button"
                    className="secondary"
                    aria-label={`Rotate the secret of ${endpoint.url}`}
                    onClick={() => void rotate(endpoint)}
                  >
                    Rotate secret
                  </button>
                  <button
                    type="button"
                    className="secondary"
                    aria-label={`Recover the last day's events for ${endpoint.url}`}
                    onClick={() =>
                      void act(`${base}/${endpoint.id}/recover`, {
                        since: new Date(Date.now() - 86_400_000).toISOString(),
                      })
                    }
                  >
                    Recover
                  </button>
                </>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {chosen ? <Deliveries base={`${base}/${chosen}`} canWrite={scope.canWrite} mode={mode} /> : null}
    </>
  );
}

function EndpointForm({
  endpoint,
  onSave,
  onCancel,
}: {
  endpoint: Endpoint | null;
  onSave: (body: { url: string; events: string[] }) => Promise<void>;
  onCancel: () => void;
}) {
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    await onSave({ url: String(form.get('url') ?? '').trim(), events: form.getAll('events').map(String) });
  }
  return (
    <form className="card stack" onSubmit={submit} aria-label={endpoint ? 'Edit endpoint' : 'Add endpoint'}>
      <h2>{endpoint ? 'Edit endpoint' : 'New endpoint'}</h2>
      <label>
        Endpoint URL
        <input name="url" type="url" required defaultValue={endpoint?.url ?? ''} />
      </label>
      <fieldset>
        <legend>Events (none: every event)</legend>
        {EVENT_TYPES.map((type) => (
          <label key={type} className="inline">
            <input
              type="checkbox"
              name="events"
              value={type}
              defaultChecked={endpoint?.events.includes(type)}
            />{' '}
            {type}
          </label>
        ))}
      </fieldset>
      <div className="actions">
        <button type="submit">Save endpoint</button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function Deliveries({ base, canWrite, mode }: { base: string; canWrite: boolean; mode: 'live' | 'test' }) {
  const deliveries = useLoad(
    () => callList<Delivery>(`${base}/deliveries`, { environment: mode }),
    [base, mode],
  );
  const [failure, setFailure] = useState<Outcome<unknown> | null>(null);
  async function redeliver(delivery: Delivery) {
    const outcome = await call('POST', `${base}/deliveries/${delivery.id}/redeliver`, {
      body: {},
      query: { environment: mode },
    });
    setFailure(outcome.ok ? null : outcome);
    deliveries.reload();
  }
  return (
    <section aria-labelledby="deliveries-title">
      <h2 id="deliveries-title">Deliveries</h2>
      <button type="button" className="secondary" onClick={deliveries.reload}>
        Refresh deliveries
      </button>
      {failure && !failure.ok ? <ErrorNotice error={failure.error} status={failure.status} /> : null}
      <LoadStatus loaded={deliveries} what="deliveries" />
      <ul className="cards">
        {(deliveries.outcome?.data ?? []).map((delivery) => (
          <li key={delivery.id} className="card">
            <h3>
              {delivery.eventType}{' '}
              <span className={`status delivery-${delivery.status}`}>{delivery.status}</span>
            </h3>
            <p className="muted">
              <code>{delivery.id}</code> · event <code>{delivery.eventId}</code> ·{' '}
              <time dateTime={delivery.createdAt}>{formatTime(delivery.createdAt)}</time>
              {delivery.nextAttemptAt ? (
                <>
                  {' '}
                  · next retry{' '}
                  <time dateTime={delivery.nextAttemptAt}>{formatTime(delivery.nextAttemptAt)}</time>
                </>
              ) : null}
            </p>
            <ol className="attempts" aria-label={`Attempts of ${delivery.id}`}>
              {delivery.attempts.map((attempt) => (
                <li key={attempt.at}>
                  <time dateTime={attempt.at}>{formatTime(attempt.at)}</time>:{' '}
                  {attempt.statusCode !== null
                    ? `HTTP ${attempt.statusCode}`
                    : (attempt.error ?? 'no answer')}{' '}
                  {attempt.succeeded ? 'delivered' : 'failed'} in {attempt.latencyMs} ms
                  {attempt.manual ? ' (manual)' : ''}
                </li>
              ))}
            </ol>
            {delivery.payload !== undefined ? (
              <details>
                <summary>Payload</summary>
                <JsonBlock label={`Payload of ${delivery.id}`} value={delivery.payload} />
              </details>
            ) : null}
            {canWrite ? (
              <button
                type="button"
                aria-label={`Redeliver ${delivery.id}`}
                onClick={() => void redeliver(delivery)}
              >
                Redeliver
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
