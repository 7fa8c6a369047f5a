import type { Outcome } from '../api/client';
import { BarChart } from '../ui/bar-chart';
import { LoadStatus } from '../ui/errors';
import { formatMs, percentile } from '../ui/format';
import { ModeSwitch } from '../ui/mode-switch';
import { useScope } from '../ui/scope';
import { ScrollRegion } from '../ui/scroll-region';
import { useMode, useUrlState } from '../ui/url-state';
import { useLoad } from '../ui/use-load';
import { buckets, byErrorCode, byRoute, PERIODS, type Period } from './overview-figures';
import { listRequestLogs, type RequestLog, type RequestLogQuery } from './request-log-api';

/** The newest calls the page reads for its figures (10 pages of 100). */
const MAX_CALLS = 1000;

/** The period's calls, newest first, page after page up to MAX_CALLS. */
async function loadWindow(
  scope: { platform: boolean; tenantId: string },
  query: RequestLogQuery,
): Promise<Outcome<RequestLog[]> & { truncated?: boolean }> {
  const rows: RequestLog[] = [];
  let cursor: string | undefined;
  while (rows.length < MAX_CALLS) {
    const page = await listRequestLogs(scope, { ...query, limit: 100, ...(cursor ? { cursor } : {}) });
    if (!page.ok) return page;
    rows.push(...(page.data ?? []));
    if (!page.nextCursor) return { ok: true, status: 200, data: rows };
    cursor = page.nextCursor;
  }
  return { ok: true, status: 200, data: rows, truncated: true };
}

/** Calls, errors and latency over the last day, week or month, per route, and errors grouped by code. */
export function OverviewPage() {
  const { get, set } = useUrlState();
  const mode = useMode();
  const scope = useScope();
  const period: Period = (['day', 'week', 'month'] as const).find((p) => p === get('period')) ?? 'day';
  const now = Date.now();
  const traffic = useLoad(
    () =>
      loadWindow(scope, {
        environment: mode,
        from: new Date(now - PERIODS[period] * 3600_000).toISOString(),
      }),
    [mode, period, scope.platform, scope.tenantId],
  );
  const rows = traffic.outcome?.data ?? [];
  const routes = byRoute(rows);
  const codes = byErrorCode(rows);
  const errors = rows.filter((row) => row.status >= 400).length;
  const latencies = rows.map((row) => row.latencyMs);
  return (
    <>
      <h1>Overview</h1>
      <div className="toolbar">
        <ModeSwitch />
        <label>
          Period
          <select
            value={period}
            onChange={(event) =>
              set({ period: event.target.value === 'day' ? undefined : event.target.value })
            }
          >
            <option value="day">Last day</option>
            <option value="week">Last week</option>
            <option value="month">Last month</option>
          </select>
        </label>
      </div>
      <LoadStatus loaded={traffic} what="traffic" />
      {traffic.outcome?.ok ? (
        <>
          <section aria-labelledby="totals-title">
            <h2 id="totals-title">Totals</h2>
            <dl className="stats">
              <div>
                <dt>Calls</dt>
                <dd>{rows.length}</dd>
              </div>
              <div>
                <dt>Errors</dt>
                <dd>{errors}</dd>
              </div>
              <div>
                <dt>Latency p50</dt>
                <dd>{formatMs(percentile(latencies, 50))}</dd>
              </div>
              <div>
                <dt>Latency p95</dt>
                <dd>{formatMs(percentile(latencies, 95))}</dd>
              </div>
            </dl>
            {(traffic.outcome as { truncated?: boolean }).truncated ? (
              <p className="muted">From the newest {MAX_CALLS} calls of the period.</p>
            ) : null}
            <BarChart bars={buckets(rows, period, now)} />
          </section>
          <section aria-labelledby="routes-title">
            <h2 id="routes-title">Per route</h2>
            <ScrollRegion className="table-wrap" label="Calls per route">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Route</th>
                    <th scope="col">Calls</th>
                    <th scope="col">Errors</th>
                    <th scope="col">p50</th>
                    <th scope="col">p95</th>
                  </tr>
                </thead>
                <tbody>
                  {routes.map((route) => (
                    <tr key={route.route}>
                      <th scope="row">{route.route}</th>
                      <td>{route.calls}</td>
                      <td>{route.errors}</td>
                      <td>{formatMs(route.p50)}</td>
                      <td>{formatMs(route.p95)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
            {routes.length === 0 ? <p>No call in this period.</p> : null}
          </section>
          <section aria-labelledby="codes-title">
            <h2 id="codes-title">Errors by code</h2>
            {codes.length === 0 ? (
              <p>No failed call in this period.</p>
            ) : (
              <ul className="codes">
                {codes.map(([code, count]) => (
                  <li key={code}>
                    <code>{code}</code>: {count}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      ) : null}
    </>
  );
}
