import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { LoadStatus } from '../ui/errors';
import { formatMs, formatTime } from '../ui/format';
import { ModeSwitch } from '../ui/mode-switch';
import { useScope } from '../ui/scope';
import { ScrollRegion } from '../ui/scroll-region';
import { useCarry, useMode, useUrlState } from '../ui/url-state';
import { useLoad } from '../ui/use-load';
import { listRequestLogs, methodOf, statusClassOf } from './request-log-api';

const FILTERS = ['statusClass', 'keyId', 'route', 'method', 'from', 'to'] as const;

/** Every partner call of the tenant's keys, newest first; filters in the URL; a request id opens its call. */
export function RequestLogsPage() {
  const { get, set } = useUrlState();
  const mode = useMode();
  const scope = useScope();
  const carry = useCarry();
  const [, navigate] = useLocation();
  const filters = Object.fromEntries(FILTERS.map((name) => [name, get(name)]));
  const cursor = get('cursor');
  const logs = useLoad(
    () =>
      listRequestLogs(scope, {
        environment: mode,
        limit: 50,
        ...(cursor ? { cursor } : {}),
        ...(filters.keyId ? { keyId: filters.keyId } : {}),
        ...(filters.route ? { route: filters.route } : {}),
        ...(statusClassOf(filters.statusClass ?? '')
          ? { statusClass: statusClassOf(filters.statusClass ?? '') }
          : {}),
        ...(methodOf(filters.method ?? '') ? { method: methodOf(filters.method ?? '') } : {}),
        ...(filters.from ? { from: new Date(filters.from).toISOString() } : {}),
        ...(filters.to ? { to: new Date(filters.to).toISOString() } : {}),
      }),
    [JSON.stringify(filters), mode, cursor, scope.platform, scope.tenantId],
  );
  const [lookup, setLookup] = useState('');

  function applyFilters(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    set({
      ...Object.fromEntries(FILTERS.map((name) => [name, String(form.get(name) ?? '').trim()])),
      cursor: undefined,
    });
  }
  function openCall(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const id = lookup.trim();
    if (id) navigate(carry(`/logs/${encodeURIComponent(id)}`));
  }

  return (
    <>
      <h1>Request logs</h1>
      <ModeSwitch />
      <form className="card lookup" onSubmit={openCall} aria-label="Find a call">
        <label>
          Request id
          <input value={lookup} onChange={(event) => setLookup(event.target.value)} placeholder="req_…" />
        </label>
        <button type="submit">Open call</button>
      </form>
      <form
        className="card filters"
        onSubmit={applyFilters}
        aria-label="Filters"
        key={JSON.stringify(filters)}
      >
        <label>
          Status class
          <select name="statusClass" defaultValue={filters.statusClass}>
            <option value="">Any</option>
            {['2xx', '3xx', '4xx', '5xx'].map((value) => (
              <option key={value}>{value}</option>
            ))}
          </select>
        </label>
        <label>
          Key
          <input name="keyId" defaultValue={filters.keyId} placeholder="key id" />
        </label>
        <label>
          Route
          <input name="route" defaultValue={filters.route} placeholder="/api/v1/bookings" />
        </label>
        <label>
          Method
          <select name="method" defaultValue={filters.method}>
            <option value="">Any</option>
            {['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((value) => (
              <option key={value}>{value}</option>
            ))}
          </select>
        </label>
        <label>
          From
          <input name="from" type="datetime-local" defaultValue={filters.from} />
        </label>
        <label>
          To
          <input name="to" type="datetime-local" defaultValue={filters.to} />
        </label>
        <div className="actions">
          <button type="submit">Apply filters</button>
          <button
            type="button"
            className="secondary"
            onClick={() =>
              set({ ...Object.fromEntries(FILTERS.map((name) => [name, undefined])), cursor: undefined })
            }
          >
            Clear filters
          </button>
        </div>
      </form>
      <LoadStatus loaded={logs} what="calls" />
      {logs.outcome?.ok ? (
        <>
          <ScrollRegion className="table-wrap" label="Calls, newest first">
            <table>
              <caption>Calls, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Key</th>
                  <th scope="col">Method</th>
                  <th scope="col">Route and path</th>
                  <th scope="col">Status</th>
                  <th scope="col">Latency</th>
                  <th scope="col">Request id</th>
                  <th scope="col">Client address</th>
                  <th scope="col">Idempotency key</th>
                </tr>
              </thead>
              <tbody>
                {(logs.outcome.data ?? []).map((row) => (
                  <tr key={row.requestId} className={row.status >= 400 ? 'failed' : undefined}>
                    <td>
                      <time dateTime={row.at}>{formatTime(row.at)}</time>
                    </td>
                    <td>
                      <code>{row.keyId}</code>
                    </td>
                    <td>{row.method}</td>
                    <td>
                      <span className="route">{row.route}</span>
                      <br />
                      <code className="muted">{row.path}</code>
                    </td>
                    <td>
                      <span className={`status status-${String(row.status)[0]}xx`}>{row.status}</span>
                      {row.error ? <span className="muted"> {row.error.error.code}</span> : null}
                    </td>
                    <td>{formatMs(row.latencyMs)}</td>
                    <td>
                      <Link href={carry(`/logs/${encodeURIComponent(row.requestId)}`)}>{row.requestId}</Link>
                    </td>
                    <td>{row.clientAddress}</td>
                    <td>{row.idempotencyKey ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          {(logs.outcome.data ?? []).length === 0 ? <p>No call matches these filters.</p> : null}
          <div className="actions">
            {cursor ? (
              <button type="button" className="secondary" onClick={() => set({ cursor: undefined })}>
                Newest calls
              </button>
            ) : null}
            {logs.outcome.nextCursor ? (
              <button type="button" onClick={() => set({ cursor: logs.outcome?.nextCursor ?? undefined })}>
                Older calls
              </button>
            ) : null}
          </div>
        </>
      ) : null}
    </>
  );
}
