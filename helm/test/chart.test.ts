import { SERVICES } from '@travel/local-deploy';
import {
  chartDir,
  component,
  defaultValues,
  exampleFiles,
  HELM_BUILD_TIMEOUT_MS,
  helm,
  type K8sDoc,
  ofKind,
  render,
  runHelm,
  schemaProblems,
} from './support/chart';
import { nonEmpty } from './support/non-empty';
import { configVariables, resolveMigrations, resolveProcesses } from './support/process-env';

// The chart as helm itself lints and renders it (our pinned helm, built from the Go module proxy), every
// document checked against the Kubernetes API schemas and against the production rules docs/deploy.md promises.

beforeAll(() => helm(), HELM_BUILD_TIMEOUT_MS);

/** Kinds an install may leave out, and which of them each install renders (the loops over them must run). */
const OPTIONAL_KINDS = ['HorizontalPodAutoscaler', 'Ingress', 'PodDisruptionBudget'];
const optionalKindsOf: Record<string, string[]> = {
  'small.yaml': ['Ingress'],
  'production.yaml': OPTIONAL_KINDS,
};
const installs: [string, string[], string[]][] = [
  ['the default values', [], ['PodDisruptionBudget']],
  ...exampleFiles.map((file): [string, string[], string[]] => {
    const name = file.split('/').pop() as string;
    return [name, [file], optionalKindsOf[name] ?? []];
  }),
];

// biome-ignore lint/suspicious/noExplicitAny: containers and probes are read as rendered JSON.
type Json = any;

const podOf = (deployment: K8sDoc): Json => deployment.spec.template.spec;
const containerOf = (deployment: K8sDoc): Json => podOf(deployment).containers[0];
const selects = (selector: Record<string, string>, labels: Record<string, string>) =>
  Object.entries(selector).every(([key, value]) => labels[key] === value);
const deploymentsSelectedBy = (docs: K8sDoc[], selector: Record<string, string>) =>
  ofKind(docs, 'Deployment').filter((d) => selects(selector, d.spec.template.metadata.labels));
/** The pod templates of the Deployments and of the index migrations Job. */
const podTemplatesSelectedBy = (docs: K8sDoc[], selector: Record<string, string>) =>
  [...ofKind(docs, 'Deployment'), ...ofKind(docs, 'Job')].filter((d) =>
    selects(selector, d.spec.template.metadata.labels),
  );
const migrationsJob = (docs: K8sDoc[]) => ofKind(docs, 'Job').find((job) => component(job) === 'migrations');

describe.each(installs)('the chart rendered with %s', (_label, files, optionalKinds) => {
  let docs: K8sDoc[];
  beforeAll(() => {
    docs = render(files);
  });

  it('when linted with --strict, then helm finds nothing', () => {
    const args = ['lint', '--strict', chartDir, '--kube-version', '1.34.0'];
    for (const file of files) args.push('--values', file);
    const { status, stdout, stderr } = runHelm(args);
    expect({ status, errors: stderr.trim() }).toEqual({ status: 0, errors: '' });
    expect(stdout).toContain('1 chart(s) linted, 0 chart(s) failed');
  });

  it('when validated against the Kubernetes 1.34 API schemas, then every document is valid', () => {
    expect(docs.length).toBeGreaterThan(20);
    expect(schemaProblems(docs)).toEqual([]);
  });

  it('when read for the production rules, then every pod is non-root, locked down, probed, bounded and pinned', () => {
    for (const deployment of nonEmpty(ofKind(docs, 'Deployment'), 'Deployments')) {
      const pod = podOf(deployment);
      const container = containerOf(deployment);
      const name = component(deployment);
      expect({ name, automount: pod.automountServiceAccountToken }).toEqual({ name, automount: false });
      expect(pod.securityContext).toMatchObject({
        runAsNonRoot: true,
        seccompProfile: { type: 'RuntimeDefault' },
      });
      expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
      expect(container.securityContext).toMatchObject({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        runAsNonRoot: true,
        capabilities: { drop: ['ALL'] },
      });
      for (const bound of ['requests', 'limits'])
        expect(Object.keys(container.resources[bound] ?? {}).sort()).toEqual(['cpu', 'memory']);
      expect(container.image).toMatch(/:[\w][\w.-]*$/);
      expect(container.image).not.toMatch(/:latest$/);
      for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe'])
        expect(container[probe]).toBeDefined();
      // No probe asks a shared dependency (docs/decisions/health.md): readiness is the process from start to
      // drain, liveness that it answers; the gateway's /api/health (a report on every service) is never a probe.
      if (name === 'console') {
        // The console's web server: its /health, from the process alone.
        for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe'])
          expect(container[probe].httpGet).toEqual({ path: '/health', port: 'http' });
      } else if (name === 'gateway') {
        expect(container.startupProbe.httpGet).toEqual({ path: '/api/v1/health', port: 'http' });
        expect(container.readinessProbe.httpGet).toEqual({ path: '/api/ready', port: 'http' });
        expect(container.livenessProbe.httpGet).toEqual({ path: '/api/v1/health', port: 'http' });
      } else {
        // Both on the plaintext probe port: the kubelet presents no client certificate (docs/caller-trust.md).
        const probePort = defaultValues().grpc.probePort;
        expect(probePort).not.toBe(container.ports[0].containerPort);
        expect(container.startupProbe.grpc).toEqual({ port: probePort, service: 'liveness' });
        expect(container.readinessProbe.grpc).toEqual({ port: probePort });
        expect(container.livenessProbe.grpc).toEqual({ port: probePort, service: 'liveness' });
      }
      expect(container.command).toEqual(['node', 'dist/main.js']);
    }
  });

  it('when the index migrations Job is read for the same rules, then its pod is non-root, locked down, bounded and pinned', () => {
    const job = migrationsJob(docs);
    const pod = job?.spec.template.spec;
    expect(pod).toMatchObject({ automountServiceAccountToken: false, restartPolicy: 'Never' });
    expect(pod.securityContext).toMatchObject({
      runAsNonRoot: true,
      seccompProfile: { type: 'RuntimeDefault' },
    });
    expect(pod.containers.length).toBeGreaterThan(0);
    for (const container of pod.containers) {
      expect(container.securityContext).toMatchObject({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        capabilities: { drop: ['ALL'] },
      });
      for (const bound of ['requests', 'limits'])
        expect(Object.keys(container.resources[bound] ?? {}).sort()).toEqual(['cpu', 'memory']);
      expect(container.image).toMatch(/:[\w][\w.-]*$/);
      expect(container.command).toEqual(['node', 'dist/commands/migrate.js']);
    }
  });

  it('when its Services, budgets, autoscalers, policies and ingress are matched up, then each names a Deployment and a port that exist', () => {
    const deployments = ofKind(docs, 'Deployment');
    expect(OPTIONAL_KINDS.filter((kind) => ofKind(docs, kind).length > 0)).toEqual(optionalKinds);
    for (const service of nonEmpty(ofKind(docs, 'Service'), 'Services')) {
      const [target, ...others] = deploymentsSelectedBy(docs, service.spec.selector);
      expect({ service: service.metadata.name, matched: others.length + (target ? 1 : 0) }).toEqual({
        service: service.metadata.name,
        matched: 1,
      });
      const containerPorts = containerOf(target as K8sDoc).ports as { name: string; containerPort: number }[];
      const ports: { name: string; targetPort: string; port: number }[] = service.spec.ports;
      for (const port of nonEmpty(ports, `${service.metadata.name} ports`)) {
        expect(containerPorts.map((p) => p.name)).toContain(port.targetPort);
        expect(port.name).toBe(port.targetPort);
      }
    }
    for (const budget of ofKind(docs, 'PodDisruptionBudget'))
      expect(deploymentsSelectedBy(docs, budget.spec.selector.matchLabels)).toHaveLength(1);
    for (const policy of nonEmpty(ofKind(docs, 'NetworkPolicy'), 'NetworkPolicies'))
      expect(podTemplatesSelectedBy(docs, policy.spec.podSelector.matchLabels)).toHaveLength(1);
    for (const autoscaler of ofKind(docs, 'HorizontalPodAutoscaler'))
      expect(deployments.map((d) => d.metadata.name)).toContain(autoscaler.spec.scaleTargetRef.name);
    for (const ingress of ofKind(docs, 'Ingress'))
      for (const rule of nonEmpty<Json>(ingress.spec.rules, `${ingress.metadata.name} rules`))
        for (const path of nonEmpty<Json>(rule.http.paths, `${rule.host} paths`)) {
          const service = ofKind(docs, 'Service').find((s) => s.metadata.name === path.backend.service.name);
          expect(service?.spec.ports.map((p: { name: string }) => p.name)).toContain(
            path.backend.service.port.name,
          );
        }
  });

  it('when each process environment is resolved, then it is NODE_ENV=production and only variables its config.ts reads', () => {
    for (const process of nonEmpty(resolveProcesses(docs), 'processes')) {
      const known = configVariables(process.name);
      const variables = [...Object.keys(process.env), ...process.externalSecrets.map((s) => s.variable)];
      expect({ process: process.name, unknown: variables.filter((v) => !known.has(v)) }).toEqual({
        process: process.name,
        unknown: [],
      });
      expect(process.env.NODE_ENV).toBe('production');
    }
    for (const migration of nonEmpty(resolveMigrations(docs), 'migrations')) {
      const known = configVariables(migration.name, 'commands/migrate.ts');
      const variables = [...Object.keys(migration.env), ...migration.externalSecrets.map((s) => s.variable)];
      expect({ migration: migration.name, unknown: variables.filter((v) => !known.has(v)) }).toEqual({
        migration: migration.name,
        unknown: [],
      });
    }
  });
});

describe('the chart and the platform', () => {
  it('when the processes of the chart are listed, then they are the launcher SERVICES, the gateway and the console (a new service needs its entry)', () => {
    expect(Object.keys(defaultValues().processes).sort()).toEqual([...SERVICES, 'gateway', 'console'].sort());
    const rendered = ofKind(render(), 'Deployment').map(component);
    expect(rendered.sort()).toEqual([...SERVICES, 'gateway', 'console'].sort());
  });

  it('when the console is enabled or not, then the gateway names its Service in CONSOLE_URL, and only the gateway may reach it', () => {
    const gatewayEnv = (docs: K8sDoc[]) =>
      resolveProcesses(docs).find((p) => p.name === 'gateway')?.env ?? {};
    const docs = render();
    expect(gatewayEnv(docs).CONSOLE_URL).toBe('http://travel-partner-travel-console:8090');
    const service = ofKind(docs, 'Service').find((s) => component(s) === 'console');
    expect(service?.spec).toMatchObject({ type: 'ClusterIP', ports: [{ name: 'http', port: 8090 }] });
    const policy = ofKind(docs, 'NetworkPolicy').find((p) => component(p) === 'console');
    expect(policy?.spec.ingress[0].from).toEqual([
      { podSelector: { matchLabels: expect.objectContaining({ 'app.kubernetes.io/component': 'gateway' }) } },
    ]);
    const gatewayPolicy = ofKind(docs, 'NetworkPolicy').find((p) => component(p) === 'gateway');
    expect(gatewayPolicy?.spec.egress).toContainEqual({
      to: [
        {
          podSelector: { matchLabels: expect.objectContaining({ 'app.kubernetes.io/component': 'console' }) },
        },
      ],
      ports: [{ port: 8090, protocol: 'TCP' }],
    });
    const without = render([], ['processes.console.enabled=false']);
    expect(gatewayEnv(without).CONSOLE_URL).toBe('');
    expect(ofKind(without, 'Deployment').map(component)).not.toContain('console');
  });

  it('when the gateway environment is resolved, then it has the address of every service its config.ts reads, and each owning service its own database', () => {
    const processes = resolveProcesses(render());
    const gateway = processes.find((p) => p.name === 'gateway');
    const addresses = Object.keys(gateway?.env ?? {}).filter((v) => v.endsWith('_ADDRESS'));
    const expected = [...configVariables('gateway')].filter((v) => v.endsWith('_ADDRESS'));
    expect(addresses.sort()).toEqual(expected.sort());
    expect(gateway?.env.REDIS_WAIT_MS).toBe('250');
    expect(gateway?.env.RATE_LIMIT_SHARE_PERCENT).toBe('1');
    expect(gateway?.env.SHUTDOWN_DELAY_MS).toBe('5000');
    // The health report is made in the background every 5 s, never per request (docs/decisions/health.md).
    expect(gateway?.env.HEALTH_REFRESH_MS).toBe('5000');
    for (const service of SERVICES)
      expect(gateway?.env[`${service.toUpperCase()}_ADDRESS`]).toBe(
        `dns:///travel-partner-travel-${service}-headless:50051`,
      );
    const databases = processes.flatMap((p) => (p.env.MONGO_DATABASE ? [p.env.MONGO_DATABASE] : []));
    expect(new Set(databases).size).toBe(databases.length);
  });

  it('when the default values are used, then credentials come from the Secrets the docs ask for', () => {
    const secrets = resolveProcesses(render()).flatMap((p) =>
      p.externalSecrets.map((s) => `${p.name}:${s.variable}<-${s.secret}/${s.key}`),
    );
    expect(secrets).toEqual(
      expect.arrayContaining([
        'identity:MONGO_URL<-partner-travel-mongodb/url',
        'identity:ADMIN_PASSWORD<-partner-travel-admin/password',
        'search:OFFER_TOKEN_PRIVATE_KEY<-partner-travel-offer-tokens/private.pem',
        'booking:OFFER_TOKEN_PUBLIC_KEY<-partner-travel-offer-tokens/public.pem',
        'gateway:REDIS_URL<-partner-travel-redis/url',
        'identity:SEALING_KEYS<-partner-travel-sealing/keys',
        'billing:SEALING_KEYS<-partner-travel-sealing/keys',
        'webhook:SEALING_KEYS<-partner-travel-sealing/keys',
      ]),
    );
    // The chart's own Secrets are the processes' certificates alone (peerTls.mode generate).
    expect(
      ofKind(render(), 'Secret')
        .map((s) => s.metadata.name)
        .filter((name) => !/^travel-partner-travel-peer-(ca|tls-[a-z-]+)$/.test(name)),
    ).toEqual([]);
  });

  it('when a process is added as one values entry, then it gets its Deployment, Services, ConfigMap, budget and policy, and the gateway its address', () => {
    const docs = render(
      [],
      [
        'processes.loyalty.kind=grpc',
        'processes.loyalty.port=50051',
        'processes.loyalty.database=loyalty',
        'processes.loyalty.kafka=true',
        'processes.loyalty.secretEnv[0]=LOYALTY_SIGNING_KEY',
        'credentials.LOYALTY_SIGNING_KEY.existingSecret=loyalty-keys',
      ],
    );
    for (const kind of ['Deployment', 'Service', 'ConfigMap', 'PodDisruptionBudget', 'NetworkPolicy'])
      expect(ofKind(docs, kind).map((d) => d.metadata.name)).toContain('travel-partner-travel-loyalty');
    const gateway = resolveProcesses(docs).find((p) => p.name === 'gateway');
    expect(ofKind(docs, 'Service').map((d) => d.metadata.name)).toContain(
      'travel-partner-travel-loyalty-headless',
    );
    expect(gateway?.env.LOYALTY_ADDRESS).toBe('dns:///travel-partner-travel-loyalty-headless:50051');
    const loyalty = resolveProcesses(docs).find((p) => p.name === 'loyalty');
    expect(loyalty?.externalSecrets).toEqual(
      expect.arrayContaining([
        { variable: 'LOYALTY_SIGNING_KEY', secret: 'loyalty-keys', key: 'LOYALTY_SIGNING_KEY' },
        { variable: 'MONGO_URL', secret: 'partner-travel-mongodb', key: 'url' },
      ]),
    );
    expect(loyalty?.env.MONGO_DATABASE).toBe('travel_loyalty');
    const policy = ofKind(docs, 'NetworkPolicy').find(
      (d) => d.metadata.name === 'travel-partner-travel-loyalty',
    );
    expect(policy?.spec.ingress[0].from).toEqual([
      { podSelector: { matchLabels: expect.objectContaining({ 'app.kubernetes.io/component': 'gateway' }) } },
    ]);
  });

  it('when the edge values are left alone, then no HSTS and no CORS origin; when set, then the gateway gets them', () => {
    const gatewayEnv = (set: string[] = []) =>
      resolveProcesses(render([], set)).find((p) => p.name === 'gateway')?.env ?? {};
    expect(gatewayEnv()).toMatchObject({
      PUBLIC_TLS: 'false',
      CORS_ALLOWED_ORIGINS: '',
      KEY_FAILURES_PER_ADDRESS: '20',
      KEY_FAILURE_WINDOW_SECONDS: '300',
    });
    const set = [
      'gateway.publicTls=true',
      'gateway.corsAllowedOrigins={https://shop.example.com,https://b.example.com}',
    ];
    expect(gatewayEnv(set)).toMatchObject({
      PUBLIC_TLS: 'true',
      HSTS_MAX_AGE_SECONDS: '31536000',
      CORS_ALLOWED_ORIGINS: 'https://shop.example.com,https://b.example.com',
    });
    expect(() => render([], ['gateway.corsAllowedOrigins={*}'])).toThrow('/gateway/corsAllowedOrigins/0');
  });

  it('when ingress.trustedProxies lists the proxies, then the gateway gets them as TRUSTED_PROXIES; the old gateway value fails naming the new one', () => {
    const gatewayEnv = (set: string[] = []) =>
      resolveProcesses(render([], set)).find((p) => p.name === 'gateway')?.env ?? {};
    expect(gatewayEnv().TRUSTED_PROXIES).toBe('');
    expect(gatewayEnv(['ingress.trustedProxies={10.244.0.0/16,130.211.0.0/22,2001:db8::/32}'])).toMatchObject(
      {
        TRUSTED_PROXIES: '10.244.0.0/16,130.211.0.0/22,2001:db8::/32',
      },
    );
    // The production example names its controller's range.
    const production = resolveProcesses(render(exampleFiles.filter((f) => f.endsWith('production.yaml'))));
    expect(production.find((p) => p.name === 'gateway')?.env.TRUSTED_PROXIES).toBe('10.8.0.0/16');
    expect(() => render([], ['ingress.trustedProxies={ingress-nginx}'])).toThrow('/ingress/trustedProxies/0');
    expect(() => render([], ['gateway.trustedProxies={10.0.0.0/8}'])).toThrow(
      'gateway.trustedProxies has moved beside the Ingress settings: set ingress.trustedProxies instead',
    );
  });

  it('when payments are left alone or the production example is used, then billing charges no simulated payment; the simulator with nodeEnv production does not render', () => {
    const billingEnv = (files: string[] = [], set: string[] = []) =>
      resolveProcesses(render(files, set)).find((p) => p.name === 'billing')?.env ?? {};
    const production = exampleFiles.find((file) => file.endsWith('production.yaml')) as string;
    expect(billingEnv()).toMatchObject({ PAYMENT_SIMULATOR: 'false' });
    expect(billingEnv([production])).toMatchObject({ PAYMENT_SIMULATOR: 'false' });
    expect(billingEnv([], ['nodeEnv=development', 'payments.simulator=true'])).toMatchObject({
      PAYMENT_SIMULATOR: 'true',
    });
    expect(() => render([], ['payments.simulator=true'])).toThrow('payments.simulator');
  });

  it('when a value has the wrong type, then rendering fails naming the value and the type it wants', () => {
    expect(() => render([], ['defaults.replicas=two'])).toThrow(
      "at '/defaults/replicas': got string, want integer",
    );
    expect(() => render([], ['processes.booking.kind=worker'])).toThrow('/processes/booking/kind');
  });

  it('when a top-level key is unknown, then rendering fails naming it', () => {
    expect(() => render([], ['replicaCount=3'])).toThrow("additional properties 'replicaCount' not allowed");
  });

  it('when a credential is neither given nor referenced, then rendering fails saying which value to set', () => {
    expect(() => render([], ['mongodb.existingSecret='])).toThrow(
      'needs MongoDB: set mongodb.url or mongodb.existingSecret',
    );
    expect(() => render([], ['offerTokens.existingSecret='])).toThrow(
      /(search|booking) needs the offer-token (private|public) key: set offerTokens\.(privateKey|publicKey) or offerTokens\.existingSecret/,
    );
  });

  it('when an image tag is latest, then rendering fails', () => {
    expect(() => render([], ['image.tag=latest'])).toThrow('/image/tag');
  });
});
