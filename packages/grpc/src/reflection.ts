import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { loadSync, type PackageDefinition } from '@grpc/proto-loader';
import { ReflectionService } from '@grpc/reflection';
import { findProtoRoot, protoFilesUnder } from '@travel/contracts';
import type { CompatServiceDefinition, Server } from 'nice-grpc';
import { repairDescriptors } from './reflection-files';

/** The settings a service's config holds (`grpcServerFields` of @travel/config). */
export interface GrpcReflectionConfig {
  NODE_ENV: string;
  GRPC_REFLECTION?: boolean | undefined;
}

/** Reflection as set, or by default on outside production (docs/decisions/grpc-reflection.md). */
export function reflectionOf(config: GrpcReflectionConfig): boolean {
  return config.GRPC_REFLECTION ?? config.NODE_ENV !== 'production';
}

/** `travel.pricing.v1.PricingService`: ts-proto's `fullName`, else the service part of a method's path. */
export function serviceNameOf(definition: CompatServiceDefinition): string {
  const named = definition as { fullName?: unknown; methods?: unknown };
  if (typeof named.fullName === 'string') return named.fullName;
  const methods = (named.methods ?? definition) as Record<string, { path?: string }>;
  const path = Object.values(methods).find((method) => typeof method.path === 'string')?.path ?? '';
  return path.split('/')[1] ?? '';
}

/**
 * Adds grpc.reflection.v1 and v1alpha (what grpcurl and grpcui ask) to the server, describing the named services
 * from the `.proto` files they were generated from (`proto/`, read with @grpc/proto-loader). The files are parsed
 * at the first question, not at start (a few hundred ms that every start, tests' included, would pay); a missing
 * `proto/` fails the start.
 */
export function addReflection(server: Pick<Server, 'add'>, serviceNames: string[]): void {
  const root = findProtoRoot();
  if (!root) throw new Error('GRPC_REFLECTION is on but no proto/ folder (with buf.yaml) was found to read.');
  let answering: Registration[] | undefined;
  const answer = (index: number, method: string): GrpcJsDuplexHandler => {
    answering ??= registrationsOf(
      new ReflectionService(declaredFiles(root, serviceNames), { services: serviceNames }),
    );
    const handler = answering[index]?.handlers[method];
    if (!handler) throw new Error(`no reflection handler for ${method}`);
    return handler;
  };
  // Describing nothing, it gives the two reflection services' definitions without reading our files.
  registrationsOf(new ReflectionService({})).forEach(({ definition, handlers }, index) => {
    const implementation = Object.fromEntries(
      Object.keys(handlers).map((method) => [method, asBidiStreaming(() => answer(index, method))]),
    );
    server.add(definition, implementation as never);
  });
}

type ReflectionServer = Parameters<ReflectionService['addToServer']>[0];

/** A service @grpc/reflection adds (a grpc-js definition) and its grpc-js handlers by method. */
interface Registration {
  definition: Parameters<ReflectionServer['addService']>[0];
  handlers: Record<string, GrpcJsDuplexHandler>;
}

function registrationsOf(reflection: ReflectionService): Registration[] {
  const registrations: Registration[] = [];
  reflection.addToServer({
    addService: (definition, handlers) =>
      void registrations.push({ definition, handlers: handlers as Registration['handlers'] }),
  });
  return registrations;
}

/** Every `.proto` file under the root, parsed; fails naming a served service none of them declares. */
function declaredFiles(root: string, serviceNames: string[]): PackageDefinition {
  // keepCase: fields keep their .proto names (`tenant_id`), clients derive the JSON ones (`tenantId`) as usual.
  const protos = loadSync(protoFilesUnder(root), { includeDirs: [root], keepCase: true });
  const missing = serviceNames.filter((name) => !(name in protos));
  if (missing.length > 0) throw new Error(`GRPC_REFLECTION: ${root} declares no ${missing.join(', ')}.`);
  return filesOf(protos);
}

/**
 * The one list of file descriptors that every message and enum entry of a package definition shares, repaired
 * for strict clients (`repairDescriptors`). Given the whole definition, @grpc/reflection decodes that list once per
 * entry (seconds for our ~400 types); it reads nothing else of the definition.
 */
function filesOf(protos: PackageDefinition): PackageDefinition {
  const entry = Object.values(protos).find((value) => Array.isArray(value.fileDescriptorProtos));
  if (!entry || !Array.isArray(entry.fileDescriptorProtos)) return {};
  return {
    files: { ...entry, fileDescriptorProtos: repairDescriptors(entry.fileDescriptorProtos) } as typeof entry,
  };
}

/** grpc-js's bidi-streaming handler, as @grpc/reflection writes it: reads `data`/`end`, calls write/end. */
type GrpcJsDuplexHandler = (stream: EventEmitter & { write(message: unknown): void; end(): void }) => void;

/**
 * A grpc-js bidi-streaming handler as a nice-grpc method: requests become its `data` events, its writes our
 * answers. The handler is looked up when a call comes (`handlerOf`), so that it can be made then.
 */
function asBidiStreaming(handlerOf: () => GrpcJsDuplexHandler) {
  return async function* (requests: AsyncIterable<unknown>): AsyncIterable<unknown> {
    const answers = new PassThrough({ objectMode: true });
    const stream = Object.assign(new EventEmitter(), {
      write: (message: unknown) => void answers.write(message),
      end: () => void answers.end(),
    });
    handlerOf()(stream);
    const forward = async () => {
      for await (const request of requests) stream.emit('data', request);
      stream.emit('end');
    };
    forward().catch((error: unknown) => answers.destroy(error as Error));
    yield* answers;
  };
}
