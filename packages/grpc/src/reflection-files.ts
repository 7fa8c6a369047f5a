import { fromBinary, toBinary } from '@bufbuild/protobuf';
import {
  type DescriptorProto,
  type FileDescriptorProto,
  FileDescriptorProtoSchema,
} from '@bufbuild/protobuf/wkt';

/**
 * proto-loader's file descriptors (protobufjs's, one per proto package) made valid for a strict client such as
 * grpcurl (Go's protodesc): imports restored, map entries named as protobuf names them, reserved ranges ending
 * where descriptor.proto says.
 */
export function repairDescriptors(files: Buffer[]): Buffer[] {
  const decoded = files.map((bytes) => fromBinary(FileDescriptorProtoSchema, bytes));
  for (const file of decoded)
    for (const message of file.messageType) {
      nameMapEntries(message);
      endRangesExclusively(message);
    }
  restoreImports(decoded);
  return decoded.map((file) => Buffer.from(toBinary(FileDescriptorProtoSchema, file)));
}

/**
 * The files name no imports, so a type of another package (`cannot resolve type "*.google.protobuf.Timestamp"`;
 * grpc/grpc-node#3034) cannot be resolved: each file gets the files declaring the types its fields and methods name.
 */
function restoreImports(files: FileDescriptorProto[]): void {
  const fileOfType = new Map(
    files.flatMap((file) => typesIn(file).map((type) => [type, file.name] as const)),
  );
  for (const file of files) {
    const imports = new Set<string>();
    for (const name of typeNamesIn(file)) {
      const imported = fileOfType.get(resolve(name, file.package, fileOfType) ?? '');
      if (imported && imported !== file.name) imports.add(imported);
    }
    file.dependency = [...imports].sort();
  }
}

/**
 * A `map<k, v> credentials` field's entry message is `CredentialsEntry` (protobuf's rule, which strict clients
 * check: `incorrect implicit map entry name`); protobufjs writes `Credentials`. Renamed, with the field's type.
 */
function nameMapEntries(message: DescriptorProto): void {
  for (const nested of message.nestedType) nameMapEntries(nested);
  for (const field of message.field) {
    const written = field.typeName.split('.').pop() ?? '';
    const entry = message.nestedType.find((nested) => nested.options?.mapEntry && nested.name === written);
    if (!entry) continue;
    entry.name = `${field.name.replace(/(?:^|_)([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())}Entry`;
    field.typeName = field.typeName.replace(/[^.]+$/, entry.name);
  }
}

/**
 * A message's reserved (and extension) range ends after its last number in descriptor.proto (`reserved 5` is
 * 5 to 6); protobufjs writes its own inclusive end (5 to 5), which strict clients refuse (`invalid range: 5 to 4`).
 * Enum reserved ranges are inclusive in both, and are left alone.
 */
function endRangesExclusively(message: DescriptorProto): void {
  for (const nested of message.nestedType) endRangesExclusively(nested);
  for (const range of [...message.reservedRange, ...message.extensionRange]) range.end += 1;
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
