import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePromtool } from '@travel/local-deploy';
import { stringify } from 'yaml';
import { HELM_BUILD_TIMEOUT_MS, helm, type K8sDoc, ofKind, RELEASE, render } from './support/chart';
import { nonEmpty } from './support/non-empty';
import { exportedSeries, selectedSeries } from './support/platform-metrics';

// The chart's alert rules as Prometheus itself reads them: rendered with helm, checked with `promtool check
// rules`, and run by `promtool test rules` on the sample series of helm/test/alerts/*.yaml, which show each
// alert firing when it should and staying quiet when it should not.

/** A cold build of promtool takes up to ~20 min (once per machine; scripts/test.sh builds it first). */
const TOOLS_TIMEOUT_MS = HELM_BUILD_TIMEOUT_MS + 45 * 60_000;
const UNIT_TESTS = join(__dirname, 'alerts');
const ENABLED = ['metrics.prometheusRule.enabled=true'];

let promtool: string;
beforeAll(async () => {
  await helm();
  promtool = await ensurePromtool({ log: (line) => process.stderr.write(`${line}\n`) });
}, TOOLS_TIMEOUT_MS);

interface Rule {
  alert?: string;
  record?: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
}
const groupsOf = (docs: K8sDoc[]): { name: string; rules: Rule[] }[] =>
  ofKind(docs, 'PrometheusRule').flatMap((rule) => rule.spec.groups);
const rulesOf = (docs: K8sDoc[]) => groupsOf(docs).flatMap((group) => group.rules);

/** promtool on the rendered rule groups, written as a rules file in a scratch folder with the unit tests beside. */
function runPromtool(docs: K8sDoc[], args: (dir: string) => string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'pt-alerts-'));
  try {
    writeFileSync(join(dir, 'rules.yaml'), stringify({ groups: groupsOf(docs) }));
    for (const file of readdirSync(UNIT_TESTS)) copyFileSync(join(UNIT_TESTS, file), join(dir, file));
    const result = spawnSync(promtool, args(dir), { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the alert rules', () => {
  it('when left at the defaults, then the chart renders no PrometheusRule (it needs the Operator CRDs)', () => {
    expect(ofKind(render(), 'PrometheusRule')).toEqual([]);
    expect(ofKind(render([], [...ENABLED, 'metrics.enabled=false']), 'PrometheusRule')).toEqual([]);
  });

  it('when enabled with labels, then one PrometheusRule carries them and every alert has a severity and the release', () => {
    const docs = render(
      [],
      [
        ...ENABLED,
        'metrics.prometheusRule.labels.release=kps',
        'metrics.prometheusRule.alertLabels.team=travel',
      ],
    );
    const [rule, ...others] = ofKind(docs, 'PrometheusRule');
    expect(others).toEqual([]);
    expect(rule?.apiVersion).toBe('monitoring.coreos.com/v1');
    expect(rule?.metadata.labels).toMatchObject({ release: 'kps', 'app.kubernetes.io/instance': RELEASE });
    const alerts = rulesOf(docs).filter((r) => r.alert);
    expect(alerts.map((a) => a.alert).sort()).toEqual([
      'PartnerTravelDeploymentDown',
      'PartnerTravelEventsParked',
      'PartnerTravelEventsParkedFast',
      'PartnerTravelGatewayErrorBudgetFastBurn',
      'PartnerTravelGatewayErrorBudgetSlowBurn',
      'PartnerTravelGatewayLatencyBudgetFastBurn',
      'PartnerTravelGatewayLatencyBudgetSlowBurn',
      'PartnerTravelGrpcErrors',
      'PartnerTravelIndexesMissing',
      'PartnerTravelKafkaConsumerFailing',
      'PartnerTravelKafkaConsumerLag',
      'PartnerTravelKafkaRetryStorm',
      'PartnerTravelOutboxStalled',
      'PartnerTravelReplicasNotReady',
      'PartnerTravelWebhookBacklog',
    ]);
    for (const { alert, labels } of alerts)
      expect({ alert, labels }).toEqual({
        alert,
        labels: { severity: expect.stringMatching(/^(critical|warning)$/), release: RELEASE, team: 'travel' },
      });
  });

  it('when checked with promtool, then every rule group is valid', () => {
    const { status, output } = runPromtool(render([], ENABLED), (dir) => [
      'check',
      'rules',
      join(dir, 'rules.yaml'),
    ]);
    expect({ status, output }).toEqual({ status: 0, output: expect.stringContaining('SUCCESS') });
  });

  it('when promtool runs the sample series, then each alert fires when it should and not when it should not', () => {
    const files = readdirSync(UNIT_TESTS).filter((file) => file.endsWith('.yaml'));
    expect(files.length).toBeGreaterThan(0);
    const { status, output } = runPromtool(render([], ENABLED), (dir) => [
      'test',
      'rules',
      ...files.map((file) => join(dir, file)),
    ]);
    expect({ status, output }).toEqual({ status: 0, output: expect.not.stringContaining('FAILED') });
  });

  it('when read for the series they select, then every one is a metric the platform exports, kube-state-metrics or a rule of theirs', () => {
    const rules = rulesOf(render([], ENABLED));
    const known = new Set([...exportedSeries(), ...rules.flatMap((r) => (r.record ? [r.record] : []))]);
    for (const { alert, record, expr } of nonEmpty(rules, 'rules')) {
      const selected = selectedSeries(expr);
      expect({ rule: alert ?? record, selected: selected.length > 0 }).toEqual({
        rule: alert ?? record,
        selected: true,
      });
      for (const series of selected)
        expect({ rule: alert ?? record, series, known: known.has(series) }).toMatchObject({ known: true });
    }
  });

  it('when the SLOs and thresholds are set in a values file, then the rules use them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pt-alert-values-'));
    const file = join(dir, 'values.yaml');
    const prometheusRule = {
      enabled: true,
      slo: { availability: 99.5, latency: 95, latencyThreshold: 0.25 },
      kafkaLag: { messages: 50, for: '3m' },
    };
    writeFileSync(file, stringify({ metrics: { prometheusRule } }));
    const rules = rulesOf(render([file]));
    rmSync(dir, { recursive: true, force: true });
    const byName = (name: string) => rules.find((r) => r.alert === name || r.record === name) as Rule;
    expect(byName('PartnerTravelGatewayErrorBudgetFastBurn').expr).toContain('> (14.4 * (1 - 99.5 / 100))');
    expect(byName('PartnerTravelGatewayLatencyBudgetSlowBurn').expr).toContain('> (3 * (1 - 95 / 100))');
    expect(byName('partner_travel:gateway_slow:ratio_rate5m').expr).toContain('le=~"0.25(\\\\.0)?"');
    expect(byName('PartnerTravelKafkaConsumerLag')).toMatchObject({
      expr: expect.stringContaining('> 50'),
      for: '3m',
    });
  });

  it('when a value is out of range, then the schema refuses it', () => {
    expect(() => render([], [...ENABLED, 'metrics.prometheusRule.slo.latencyThreshold=3'])).toThrow(
      /latencyThreshold/,
    );
    expect(() => render([], [...ENABLED, 'metrics.prometheusRule.slo.availability=100'])).toThrow(
      /availability/,
    );
  });
});
