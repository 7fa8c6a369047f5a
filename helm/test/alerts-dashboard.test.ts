import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  chartDir,
  HELM_BUILD_TIMEOUT_MS,
  helm,
  type K8sDoc,
  NAMESPACE,
  ofKind,
  render,
  repoRoot,
  schemaProblems,
} from './support/chart';
import { declaredMetrics, exportedSeries, selectedSeries } from './support/platform-metrics';

// The Grafana dashboard the chart ships (dashboards/platform.json in a ConfigMap for Grafana's sidecar): valid
// JSON, each panel's queries on metrics the platform exports, and the ConfigMap labelled for the sidecar.

beforeAll(() => helm(), HELM_BUILD_TIMEOUT_MS);

interface Panel {
  type: string;
  title: string;
  targets?: { expr: string }[];
}
const ENABLED = ['metrics.dashboard.enabled=true'];
const dashboardsIn = (docs: K8sDoc[]) =>
  ofKind(docs, 'ConfigMap').filter((c) => c.metadata.name.endsWith('-dashboard'));
const panelsOf = (dashboard: { panels: Panel[] }) => dashboard.panels.filter((panel) => panel.type !== 'row');

describe('the dashboard', () => {
  it('when read from the chart, then it is valid JSON and every panel queries only metrics the platform or kube-state-metrics export', () => {
    const dashboard = JSON.parse(readFileSync(join(chartDir, 'dashboards', 'platform.json'), 'utf8'));
    const exported = exportedSeries();
    const panels = panelsOf(dashboard);
    expect(panels.length).toBeGreaterThan(10);
    for (const { title, targets = [] } of panels) {
      expect({ title, queries: targets.length > 0 }).toEqual({ title, queries: true });
      for (const { expr } of targets) {
        const selected = selectedSeries(expr);
        expect({ title, expr, selects: selected.length > 0 }).toMatchObject({ selects: true });
        for (const series of selected)
          expect({ title, series, exported: exported.has(series) }).toMatchObject({ exported: true });
      }
    }
  });

  it('when the platform metrics are read from the sources, then the dashboard covers the gateway, gRPC, events (parked, retried), outboxes, webhooks (backlog, tripped breakers) and replicas', () => {
    const text = readFileSync(join(chartDir, 'dashboards', 'platform.json'), 'utf8');
    for (const metric of [
      'http_requests_total',
      'http_request_duration_seconds_bucket',
      'grpc_server_handled_total',
      'grpc_client_handled_total',
      'grpc_server_handling_seconds_bucket',
      'kafka_consumer_lag',
      'outbox_oldest_pending_seconds',
      'webhook_delivery_queue_depth',
      'webhook_endpoint_circuits',
      'kafka_consumer_parked_events',
      'kafka_consumer_parked_total',
      'kafka_consumer_retries_total',
      'kube_deployment_status_replicas_available',
    ])
      expect(text).toContain(`${metric}{`);
  });

  it('when left at the defaults, then no dashboard is rendered', () => {
    expect(dashboardsIn(render())).toEqual([]);
  });

  it('when enabled, then one valid ConfigMap with the sidecar label holds the dashboard made for this release', () => {
    const docs = render([], [...ENABLED, 'metrics.dashboard.annotations.grafana_folder=Partner Travel']);
    const [configMap, ...others] = dashboardsIn(docs);
    expect(others).toEqual([]);
    expect(schemaProblems([configMap as K8sDoc])).toEqual([]);
    expect(configMap?.metadata.labels?.grafana_dashboard).toBe('1');
    expect(configMap?.metadata.annotations).toEqual({ grafana_folder: 'Partner Travel' });
    const files = Object.entries(configMap?.data ?? {});
    expect(files.map(([name]) => name)).toEqual([`partner-travel-${NAMESPACE}-travel.json`]);
    const json = (files[0] as [string, string])[1];
    expect(json).not.toMatch(/__(UID|NAMESPACE|FULLNAME)__/);
    const dashboard = JSON.parse(json);
    expect(dashboard.uid).toMatch(/^pt-[0-9a-f]{16}$/);
    const prefix = dashboard.templating.list.find((v: { name: string }) => v.name === 'prefix');
    expect(prefix.current.value).toBe('travel-partner-travel');
  });

  it('when the sidecar watches another label, then the ConfigMap carries that one', () => {
    const docs = render(
      [],
      [
        ...ENABLED,
        'metrics.dashboard.labels.grafana_dashboard=null',
        'metrics.dashboard.labels.dashboards=platform',
      ],
    );
    expect(dashboardsIn(docs)[0]?.metadata.labels).toMatchObject({ dashboards: 'platform' });
    expect(dashboardsIn(docs)[0]?.metadata.labels?.grafana_dashboard).toBeUndefined();
  });

  it('when the metrics the sources declare are listed, then docs/architecture.md names each one', () => {
    const docs = readFileSync(join(repoRoot, 'docs', 'architecture.md'), 'utf8');
    const metrics = [...declaredMetrics().keys()];
    expect(metrics.length).toBeGreaterThan(10);
    for (const metric of metrics)
      expect({ metric, documented: docs.includes(`\`${metric}\``) }).toEqual({ metric, documented: true });
  });
});
