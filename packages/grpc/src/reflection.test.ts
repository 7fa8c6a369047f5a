import { health, pricing } from '@travel/contracts';
import { addReflection, reflectionOf, serviceNameOf } from './reflection';

describe('gRPC reflection settings', () => {
  it('when GRPC_REFLECTION is unset, then it is on outside production and off in production', () => {
    expect(reflectionOf({ NODE_ENV: 'development' })).toBe(true);
    expect(reflectionOf({ NODE_ENV: 'test' })).toBe(true);
    expect(reflectionOf({ NODE_ENV: 'production' })).toBe(false);
  });

  it('when GRPC_REFLECTION is set, then it wins over NODE_ENV either way', () => {
    expect(reflectionOf({ NODE_ENV: 'production', GRPC_REFLECTION: true })).toBe(true);
    expect(reflectionOf({ NODE_ENV: 'development', GRPC_REFLECTION: false })).toBe(false);
  });
});

describe('the name reflection lists a served service by', () => {
  it('when the definition is ts-proto generated, then it is its fullName', () => {
    expect(serviceNameOf(pricing.PricingServiceDefinition)).toBe('travel.pricing.v1.PricingService');
    expect(serviceNameOf(health.HealthDefinition)).toBe('grpc.health.v1.Health');
  });

  it('when the definition is a nice-grpc or grpc-js one (methods by path), then it is the path service part', () => {
    const definition = { check: { path: '/grpc.health.v1.Health/Check' } };
    expect(serviceNameOf(definition as never)).toBe('grpc.health.v1.Health');
  });
});

describe('reflection added to a server', () => {
  type Answer = { listServicesResponse?: { service: { name: string }[] } };
  type Method = (requests: AsyncIterable<object>) => AsyncIterable<Answer>;

  /** Adds reflection to a recorder of `server.add`, as createGrpcServer adds it to its nice-grpc server. */
  const reflectionFor = (serviceNames: string[]) => {
    const added = new Map<string, Method>();
    const server = {
      add: (definition: object, implementation: Record<string, Method>) => {
        for (const [name, method] of Object.entries(definition))
          added.set((method as { path: string }).path, implementation[name] as Method);
      },
    };
    // A recorder of `add` stands in for the nice-grpc server, whose added services cannot be read back.
    addReflection(server as never, serviceNames);
    return added;
  };

  /** One ListServices question, as the reflection definition decodes it from the wire. */
  const listServices = async (method: Method | undefined) => {
    async function* requests() {
      yield { listServices: '*', messageRequest: 'listServices' };
    }
    const answers: Answer[] = [];
    for await (const answer of (method as Method)(requests())) answers.push(answer);
    return answers.map((answer) => answer.listServicesResponse?.service.map((service) => service.name));
  };

  const V1 = '/grpc.reflection.v1.ServerReflection/ServerReflectionInfo';
  const V1ALPHA = '/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo';

  it('when asked to list, then both reflection versions answer with exactly the served services', async () => {
    const added = reflectionFor([
      serviceNameOf(pricing.PricingServiceDefinition),
      health.HealthDefinition.fullName,
    ]);
    expect([...added.keys()].sort()).toEqual([V1, V1ALPHA]);
    const served = ['grpc.health.v1.Health', 'travel.pricing.v1.PricingService'];
    expect(await listServices(added.get(V1))).toEqual([served]);
    expect(await listServices(added.get(V1ALPHA))).toEqual([served]);
  });

  it('when a served service is declared nowhere in proto/, then the first question fails naming it', async () => {
    const added = reflectionFor(['travel.pricing.v1.PricingService', 'travel.nowhere.v1.Ghost']);
    await expect(listServices(added.get(V1))).rejects.toThrow(/declares no travel\.nowhere\.v1\.Ghost\.$/);
  });
});
