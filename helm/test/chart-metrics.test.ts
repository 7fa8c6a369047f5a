import {
  component,
  HELM_BUILD_TIMEOUT_MS,
  helm,
  type K8sDoc,
  ofKind,
  render,
  schemaProblems,
} from './support/chart';
import { nonEmpty } from './support/non-empty';
import { resolveProcesses } from './support/process-env';

// Prometheus's way in: each pod's metrics port as a named container port, the prometheus.io annotations that
// point at it, a NetworkPolicy rule that lets the scrape through, and (behind a value) a PodMonitor per process.

beforeAll(() => helm(), HELM_BUILD_TIMEOUT_MS);

// biome-ignore lint/suspicious/noExplicitAny: pods and policies are read as rendered JSON.
type Json = any;
const podOf = (deployment: K8sDoc): Json => deployment.spec.template;
const metricsPortOf = (deployment: K8sDoc): number | undefined =>
  podOf(deployment).spec.containers[0].ports.find((p: Json) => p.name === 'metrics')?.containerPort;

describe('the chart and metrics', () => {
  it('when rendered with the defaults, then every pod names its metrics port, is annotated for scraping on it, listens there and lets it through its policy', () => {
    const docs = render();
    const env = new Map(resolveProcesses(docs).map((p) => [p.name, p.env]));
    const deployments = ofKind(docs, 'Deployment');
    // The gateway, the twelve services and the console.
    expect(deployments.length).toBe(14);
    for (const deployment of deployments) {
      const name = component(deployment);
      const port = metricsPortOf(deployment);
      expect({ name, port }).toEqual({ name, port: 9450 });
      expect({ name, annotations: podOf(deployment).metadata.annotations }).toEqual({
        name,
        annotations: expect.objectContaining({
          'prometheus.io/scrape': 'true',
          'prometheus.io/port': '9450',
          'prometheus.io/path': '/metrics',
        }),
      });
      expect({ name, host: env.get(name)?.METRICS_HOST, port: env.get(name)?.METRICS_PORT }).toEqual({
        name,
        host: '0.0.0.0',
        port: '9450',
      });
      const policy = ofKind(docs, 'NetworkPolicy').find((p) => p.metadata.name === deployment.metadata.name);
      const rule = policy?.spec.ingress.find((r: Json) => r.ports.some((p: Json) => p.port === port));
      expect({ name, rule }).toEqual({ name, rule: { ports: [{ port: 9450, protocol: 'TCP' }] } });
    }
    expect(ofKind(docs, 'PodMonitor')).toEqual([]);
  });

  it('when Prometheus is named in metrics.from and a process sets its own metricsPort, then the policy admits only it, on that port', () => {
    const prometheus = {
      namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } },
    };
    const docs = render(
      [],
      [
        'metrics.from[0].namespaceSelector.matchLabels.kubernetes\\.io/metadata\\.name=monitoring',
        'processes.booking.metricsPort=9500',
      ],
    );
    expect(schemaProblems(docs)).toEqual([]);
    const booking = ofKind(docs, 'Deployment').find((d) => component(d) === 'booking') as K8sDoc;
    expect(metricsPortOf(booking)).toBe(9500);
    expect(podOf(booking).metadata.annotations['prometheus.io/port']).toBe('9500');
    expect(resolveProcesses(docs).find((p) => p.name === 'booking')?.env.METRICS_PORT).toBe('9500');
    const policy = ofKind(docs, 'NetworkPolicy').find((p) => p.metadata.name === booking.metadata.name);
    expect(policy?.spec.ingress).toContainEqual({
      ports: [{ port: 9500, protocol: 'TCP' }],
      from: [prometheus],
    });
  });

  it('when the PodMonitor is enabled, then each process gets one selecting exactly its pods on the metrics port', () => {
    const docs = render([], ['metrics.podMonitor.enabled=true', 'metrics.podMonitor.labels.release=kps']);
    const monitors = ofKind(docs, 'PodMonitor');
    const deployments = ofKind(docs, 'Deployment');
    expect(monitors.map((m) => m.metadata.name).sort()).toEqual(
      deployments.map((d) => d.metadata.name).sort(),
    );
    for (const monitor of nonEmpty(monitors, 'PodMonitors')) {
      expect(monitor.apiVersion).toBe('monitoring.coreos.com/v1');
      expect(monitor.metadata.labels?.release).toBe('kps');
      expect(monitor.spec.podMetricsEndpoints).toEqual([
        { port: 'metrics', path: '/metrics', interval: '30s' },
      ]);
      const selected = deployments.filter((d) =>
        Object.entries(monitor.spec.selector.matchLabels).every(
          ([key, value]) => podOf(d).metadata.labels[key] === value,
        ),
      );
      expect(selected.map((d) => d.metadata.name)).toEqual([monitor.metadata.name]);
    }
  });

  it('when metrics are disabled, then no pod has the port or the annotations and every process is told so', () => {
    const docs = render([], ['metrics.enabled=false', 'metrics.podMonitor.enabled=true']);
    for (const deployment of nonEmpty(ofKind(docs, 'Deployment'), 'Deployments')) {
      expect(metricsPortOf(deployment)).toBeUndefined();
      expect(podOf(deployment).metadata.annotations['prometheus.io/scrape']).toBeUndefined();
    }
    for (const process of nonEmpty(resolveProcesses(docs), 'processes')) {
      expect(process.env.METRICS_ENABLED).toBe('false');
      expect(process.env.METRICS_PORT).toBeUndefined();
    }
    expect(ofKind(docs, 'PodMonitor')).toEqual([]);
  });
});
