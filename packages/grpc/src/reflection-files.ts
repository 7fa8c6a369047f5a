import { fromBinary, toBinary } from '@bufbuild/protobuf';
import {
  type DescriptorProto,
  type FileDescriptorProto,
  FileDescriptorProtoSchema,
} from '@bufbuild/protobuf/wkt';

/**
 * proto-loader's file descriptors (one per proto package) name no imports, so a client that resolves types
 * through them (grpcurl: `cannot resolve type "*.google.protobuf.Timestamp"`; grpc/grpc-node#3034) cannot
 * describe a service that uses another package's type. Each file gets, as its imports, the files declaring
 * the types its fields and methods name.
 */
export function withImports(files: Buffer[]): Buffer[] {
  const decoded = files.map((bytes) => fromBinary(FileDescriptorProtoSchema, bytes));
  const fileOfType = new Map(
    decoded.flatMap((file) => typesIn(file).map((type) => [type, file.name] as const)),
  );
  return decoded.map((file) => {
    const imports = new Set<string>();
    for (const name of typeNamesIn(file)) {
      const imported = fileOfType.get(resolve(name, file.package, fileOfType) ?? '');
      if (imported && imported !== file.name) imports.add(imported);
    }
    file.dependency = [...imports].sort();
    return Buffer.from(toBinary(FileDescriptorProtoSchema, file));
  });
}

/** The full names of the messages (nested ones too) and enums a file declares. */
function typesIn(file: FileDescriptorProto): string[] {
  const ofMessage = (scope: string, message: DescriptorProto): string[] => {
    const name = `${scope}.${message.name}`;
    return [
      name,
      ...message.enumType.map((nested) => `${name}.${nested.name}`),
      ...message.nestedType.flatMap((nested) => ofMessage(name, nested)),
    ];
  };
  return [
    ...file.messageType.flatMap((message) => ofMessage(file.package, message)),
    ...file.enumType.map((type) => `${file.package}.${type.name}`),
  ];
}

/** Every type a file's messages (nested ones too) and methods name, as the `.proto` wrote it. */
function typeNamesIn(file: FileDescriptorProto): string[] {
  const ofMessage = (message: DescriptorProto): string[] => [
    ...message.field.map((field) => field.typeName).filter(Boolean),
    ...message.nestedType.flatMap(ofMessage),
  ];
  const ofMethods = file.service.flatMap((service) =>
    service.method.flatMap((method) => [method.inputType, method.outputType]),
  );
  return [...file.messageType.flatMap(ofMessage), ...ofMethods];
}

/**
 * A type name as protobuf scopes it: `.a.b.C` is absolute; `caller.v1.Caller` written in `travel.pricing.v1`
 * is looked for in `travel.pricing.v1`, then `travel.pricing`, `travel` (found: `travel.caller.v1.Caller`), then
 * at the root.
 */
function resolve(name: string, scope: string, known: Map<string, string>): string | undefined {
  if (name.startsWith('.')) return name.slice(1);
  for (let outer = scope; ; outer = outer.slice(0, Math.max(outer.lastIndexOf('.'), 0))) {
    const candidate = outer ? `${outer}.${name}` : name;
    if (known.has(candidate)) return candidate;
    if (!outer) return undefined;
  }
}
