import { SERVICES } from '@travel/local-deploy';
import { component, HELM_BUILD_TIMEOUT_MS, helm, type K8sDoc, ofKind, render } from './support/chart';
import { nonEmpty } from './support/non-empty';
import { resolveMigrations, resolveProcesses } from './support/process-env';

// The index migrations as the chart renders them (docs/deploy.md, "Index migrations"): one pre-install/pre-upgrade
// hook Job with a container per process that owns a database, from that process's image, given the same database and
// store credentials as the process; what the Job needs before the release exists is made by hooks that run first.
// helm/test/cluster/chart-in-cluster.test.ts shows the Job completing before the Deployments in a real control plane.

beforeAll(() => helm(), HELM_BUILD_TIMEOUT_MS);

const HOOK = 'pre-install,pre-upgrade';
const hookOf = (doc: K8sDoc) => ({
  events: doc.metadata.annotations?.['helm.sh/hook'],
  weight: Number(doc.metadata.annotations?.['helm.sh/hook-weight']),
  deletePolicy: doc.metadata.annotations?.['helm.sh/hook-delete-policy'],
});
const migrationsOf = (docs: K8sDoc[]) => docs.filter((doc) => component(doc) === 'migrations');
const jobOf = (docs: K8sDoc[]) => ofKind(migrationsOf(docs), 'Job')[0];

/** The values of an install that gives its store URLs as values (the chart's own Secret), one process a URL of its own. */
const ownUrls = [
  'mongodb.existingSecret=',
  'mongodb.url=mongodb://travel:secret@mongo.example.com:27017/?authSource=admin',
  'processes.reports.mongodb.url=mongodb://reports:secret@analytics.example.com:27017',
];

describe('the index migrations hook', () => {
  it('when rendered with the defaults, then one hook Job runs a container per process that owns a database, from its image', () => {
    const docs = render();
    const job = jobOf(docs);
    expect(job && hookOf(job)).toEqual({
      events: HOOK,
      weight: 0,
      deletePolicy: 'before-hook-creation,hook-succeeded',
    });
    expect(job?.metadata.annotations?.['helm.sh/hook-output-log-policy']).toBe('hook-failed');
    const owners = resolveProcesses(docs).filter((p) => p.env.MONGO_DATABASE);
    expect(owners.map((p) => p.name).sort()).toEqual(SERVICES.filter((s) => s !== 'search').sort());
    const containers = job?.spec.template.spec.containers as { name: string; image: string }[];
    expect(containers.map((c) => c.name).sort()).toEqual(owners.map((p) => p.name).sort());
    const deploymentImage = (name: string) =>
      ofKind(docs, 'Deployment').find((d) => component(d) === name)?.spec.template.spec.containers[0].image;
    for (const container of containers) expect(container.image).toBe(deploymentImage(container.name));
  });

  it('when each migration container is resolved, then it has its process database and store URL, and nothing else secret', () => {
    for (const set of [[], ownUrls]) {
      const docs = render([], set);
      const processes = new Map(resolveProcesses(docs).map((p) => [p.name, p]));
      for (const migration of nonEmpty(resolveMigrations(docs), 'migrations')) {
        const process = processes.get(migration.name);
        expect({ name: migration.name, env: migration.env }).toMatchObject({
          name: migration.name,
          env: {
            MONGO_DATABASE: process?.env.MONGO_DATABASE,
            MONGO_WAIT_MS: process?.env.MONGO_WAIT_MS,
            MONGO_TIMEOUT_MS: process?.env.MONGO_TIMEOUT_MS,
            NODE_ENV: 'production',
          },
        });
        // The URL the process itself reads: the same value from the chart's Secret, or the same Secret you manage.
        expect(migration.env.MONGO_URL).toBe(process?.env.MONGO_URL);
        expect(migration.externalSecrets).toEqual(
          process?.externalSecrets.filter((s) => s.variable.startsWith('MONGO_')),
        );
      }
    }
  });

  it('when the store URLs are values, then a Secret made as a hook before the Job holds them, and a ServiceAccount and policy too', () => {
    const docs = migrationsOf(render([], ownUrls));
    for (const kind of ['Secret', 'ServiceAccount', 'NetworkPolicy']) {
      const [doc] = ofKind(docs, kind);
      expect({ kind, hook: doc && hookOf(doc) }).toEqual({
        kind,
        hook: { events: HOOK, weight: -10, deletePolicy: 'before-hook-creation,hook-succeeded' },
      });
    }
    expect(Object.keys(ofKind(docs, 'Secret')[0]?.data ?? {}).sort()).toEqual([
      'MONGO_URL',
      'MONGO_URL_REPORTS',
    ]);
    const policy = ofKind(docs, 'NetworkPolicy')[0];
    expect(policy?.spec.ingress).toEqual([]);
    expect(
      policy?.spec.egress.flatMap((rule: { ports: { port: number }[] }) => rule.ports.map((p) => p.port)),
    ).toEqual([53, 53, 27017]);
    const job = jobOf(docs)?.spec.template.spec;
    expect(job.serviceAccountName).toBe('travel-partner-travel-migrations');
    // Every URL from the hook's own Secret: the chart's Secret does not exist yet at pre-install.
    const refs = (job.containers as { env: { valueFrom?: { secretKeyRef?: { name: string } } }[] }[]).flatMap(
      (c) => c.env.flatMap((v) => (v.valueFrom?.secretKeyRef ? [v.valueFrom.secretKeyRef.name] : [])),
    );
    expect(new Set(refs)).toEqual(new Set(['travel-partner-travel-migrations']));
    // With the URLs in Secrets you manage (the defaults), the hook makes no Secret.
    expect(ofKind(migrationsOf(render()), 'Secret')).toEqual([]);
  });

  it('when a process is disabled or the migrations are off, then it has no container, or there is no hook at all', () => {
    const containers = (docs: K8sDoc[]) =>
      ((jobOf(docs)?.spec.template.spec.containers ?? []) as { name: string }[]).map((c) => c.name);
    expect(containers(render([], ['processes.reports.enabled=false']))).not.toContain('reports');
    expect(migrationsOf(render([], ['migrations.enabled=false']))).toEqual([]);
  });

  it('when the store has TLS files, then every migration container mounts them as its process does', () => {
    const docs = render(
      [],
      ['mongodb.tls.existingSecret=mongo-tls', 'mongodb.tls.certificateKeyKey=client.pem'],
    );
    const pod = jobOf(docs)?.spec.template.spec;
    expect(pod.volumes).toContainEqual(
      expect.objectContaining({
        name: 'tls-mongodb',
        secret: expect.objectContaining({ secretName: 'mongo-tls' }),
      }),
    );
    for (const migration of nonEmpty(resolveMigrations(docs), 'migrations'))
      expect(migration.env).toMatchObject({
        MONGO_TLS_CA_FILE: '/etc/partner-travel/tls/mongodb/ca.crt',
        MONGO_TLS_CERT_KEY_FILE: '/etc/partner-travel/tls/mongodb/client.pem',
      });
  });
});
