import {
  component,
  exampleFiles,
  HELM_BUILD_TIMEOUT_MS,
  helm,
  type K8sDoc,
  ofKind,
  render,
} from './support/chart';
import { nonEmpty } from './support/non-empty';
import { type ResolvedProcess, resolveProcesses } from './support/process-env';

// gRPC balancing as Kubernetes needs it (docs/deploy.md, "gRPC balancing"): a headless Service per gRPC process
// whose name resolves to every ready pod, clients that dial it as dns:///name:port (and balance round-robin),
// and the connection age and keepalive settings in every process that serves or calls gRPC.

beforeAll(() => helm(), HELM_BUILD_TIMEOUT_MS);

const grpcDeployments = (docs: K8sDoc[]) =>
  ofKind(docs, 'Deployment').filter((d) => d.spec.template.spec.containers[0].ports[0].name === 'grpc');
const serviceNamed = (docs: K8sDoc[], name: string) =>
  ofKind(docs, 'Service').find((s) => s.metadata.name === name);
// Peer addresses are `<PEER>_ADDRESS`; the gateway's limits `..._PER_ADDRESS` are counts, not peers.
const addressesOf = (process: ResolvedProcess) =>
  Object.entries(process.env).filter(([key]) => key.endsWith('_ADDRESS') && !key.endsWith('_PER_ADDRESS'));

describe('the chart and gRPC balancing', () => {
  it('when rendered with the defaults, then every gRPC process has a headless Service of ready pods on its gRPC port, beside its ClusterIP Service of the same name as before', () => {
    const docs = render();
    const deployments = grpcDeployments(docs);
    expect(deployments.length).toBe(12);
    for (const deployment of deployments) {
      const name = deployment.metadata.name;
      const labels = deployment.spec.template.metadata.labels;
      const headless = serviceNamed(docs, `${name}-headless`);
      expect({ name, spec: headless?.spec }).toEqual({
        name,
        spec: {
          clusterIP: 'None',
          selector: expect.objectContaining({
            'app.kubernetes.io/component': labels['app.kubernetes.io/component'],
          }),
          ports: [{ name: 'grpc', port: 50051, targetPort: 'grpc', protocol: 'TCP', appProtocol: 'grpc' }],
        },
      });
      // spec.clusterIP is immutable: the Service an earlier release made under this name stays a ClusterIP one,
      // so `helm upgrade` from it changes no immutable field.
      const clusterIp = serviceNamed(docs, name);
      expect({ name, type: clusterIp?.spec.type, clusterIP: clusterIp?.spec.clusterIP }).toEqual({
        name,
        type: 'ClusterIP',
        clusterIP: undefined,
      });
    }
    const gateway = ofKind(docs, 'Service').filter((s) => component(s) === 'gateway');
    expect(gateway.map((s) => s.spec.clusterIP)).toEqual([undefined]);
  });

  it('when each process environment is resolved, then every peer address is dns:/// of a rendered headless Service and the port its pods listen on', () => {
    const docs = render();
    const processes = resolveProcesses(docs);
    const headless = new Map(
      ofKind(docs, 'Service')
        .filter((s) => s.spec.clusterIP === 'None')
        .map((s) => [s.metadata.name, s.spec.ports[0].port as number]),
    );
    const addresses = processes.flatMap(addressesOf);
    expect(addresses.length).toBeGreaterThanOrEqual(12 + 7); // the gateway's twelve, and the services' own peers
    for (const [variable, address] of addresses) {
      const match = /^dns:\/\/\/([a-z0-9-]+):(\d+)$/.exec(address);
      expect({ variable, address, headless: headless.get(match?.[1] ?? '') }).toEqual({
        variable,
        address,
        headless: Number(match?.[2]),
      });
    }
  });

  it('when the grpc values are set, then every service gets the connection age, keepalive and in-flight settings, and the gateway the keepalive ones', () => {
    const defaults = new Map(resolveProcesses(render()).map((p) => [p.name, p.env]));
    expect(defaults.get('pricing')).toMatchObject({
      GRPC_MAX_CONNECTION_AGE_MS: '30000',
      GRPC_MAX_CONNECTION_AGE_GRACE_MS: '5000',
      GRPC_MAX_IN_FLIGHT: '64',
      GRPC_KEEPALIVE_TIME_MS: '10000',
      GRPC_KEEPALIVE_TIMEOUT_MS: '5000',
    });
    expect(defaults.get('gateway')).toMatchObject({ REQUEST_BUDGET_MS: '5000' });

    const processes = resolveProcesses(
      render(
        [],
        [
          'grpc.maxConnectionAgeMs=60000',
          'grpc.maxConnectionAgeGraceMs=8000',
          'grpc.maxInFlight=200',
          'grpc.keepaliveTimeMs=20000',
          'grpc.keepaliveTimeoutMs=3000',
        ],
      ),
    );
    // The console's web server calls no service and serves no gRPC: no gRPC setting at all.
    for (const process of nonEmpty(
      processes.filter((p) => p.name !== 'console'),
      'processes',
    )) {
      const keepalive = { GRPC_KEEPALIVE_TIME_MS: '20000', GRPC_KEEPALIVE_TIMEOUT_MS: '3000' };
      const age = {
        GRPC_MAX_CONNECTION_AGE_MS: '60000',
        GRPC_MAX_CONNECTION_AGE_GRACE_MS: '8000',
        GRPC_MAX_IN_FLIGHT: '200',
      };
      const grpcEnv = Object.fromEntries(
        Object.entries(process.env).filter(([key]) => /^GRPC_(MAX|KEEP)/.test(key)),
      );
      expect({ name: process.name, grpcEnv }).toEqual({
        name: process.name,
        grpcEnv: process.name === 'gateway' ? keepalive : { ...keepalive, ...age },
      });
    }
  });

  it('when grpc.reflection is left null, set, or the production example is used, then every service gets GRPC_REFLECTION accordingly and the gateway none', () => {
    const reflectionOf = (docs: K8sDoc[]) =>
      Object.fromEntries(resolveProcesses(docs).map((p) => [p.name, p.env.GRPC_REFLECTION]));
    const defaults = render();
    const services = resolveProcesses(defaults)
      .map((p) => p.name)
      .filter((name) => name !== 'gateway' && name !== 'console');
    expect(services).toHaveLength(12);
    const everyService = (value: string) => ({
      ...Object.fromEntries(services.map((name) => [name, value])),
      gateway: undefined,
      console: undefined,
    });
    // The chart's nodeEnv is production: off unless asked.
    expect(reflectionOf(defaults)).toEqual(everyService('false'));
    expect(reflectionOf(render([], ['nodeEnv=development']))).toEqual(everyService('true'));
    expect(reflectionOf(render([], ['grpc.reflection=true']))).toEqual(everyService('true'));
    expect(reflectionOf(render([], ['nodeEnv=development', 'grpc.reflection=false']))).toEqual(
      everyService('false'),
    );
    const production = exampleFiles.find((file) => file.endsWith('production.yaml')) as string;
    expect(reflectionOf(render([production], ['nodeEnv=development']))).toEqual(everyService('false'));
  });

  it('when a grpc value is out of range, then rendering fails naming it', () => {
    expect(() => render([], ['grpc.maxConnectionAgeMs=10'])).toThrow('/grpc/maxConnectionAgeMs');
    expect(() => render([], ['grpc.keepaliveTimeMs=often'])).toThrow('/grpc/keepaliveTimeMs');
    expect(() => render([], ['grpc.maxInFlight=0'])).toThrow('/grpc/maxInFlight');
    expect(() => render([], ['grpc.reflection=yes'])).toThrow('/grpc/reflection');
  });
});
