import { fromBinary } from '@bufbuild/protobuf';
import { FileDescriptorProtoSchema } from '@bufbuild/protobuf/wkt';
import { loadSync } from '@grpc/proto-loader';
import { findProtoRoot, protoFilesUnder } from '@travel/contracts';
import { withImports } from './reflection-files';

/** proto-loader's descriptors of the repository's proto/, as reflection is given them. */
function loadedFiles(): Buffer[] {
  const root = findProtoRoot() as string;
  const protos = loadSync(protoFilesUnder(root), { includeDirs: [root], keepCase: true });
  const entry = Object.values(protos).find((value) => Array.isArray(value.fileDescriptorProtos));
  return entry?.fileDescriptorProtos as Buffer[];
}

const importsOf = (files: Buffer[]) =>
  Object.fromEntries(
    files
      .map((bytes) => fromBinary(FileDescriptorProtoSchema, bytes))
      .map((file) => [file.name, file.dependency]),
  );

describe('the file descriptors reflection answers with', () => {
  const files = loadedFiles();

  it('when proto-loader made them, then they name no import (what grpcurl cannot resolve types through)', () => {
    expect(Object.values(importsOf(files)).flat()).toEqual([]);
  });

  it('when imports are restored, then each file imports the files declaring the types it names, by protobuf scoping', () => {
    const imports = importsOf(withImports(files));
    // PricingRule's timestamps, and `caller.v1.Caller` written inside travel.pricing.v1.
    expect(imports['travel_pricing_v1.proto']).toEqual(['google_protobuf.proto', 'travel_caller_v1.proto']);
    expect(imports['grpc_health_v1.proto']).toEqual([]);
    expect(imports['travel_caller_v1.proto']).toEqual([]);
    // Every import is a file of the set, never the file itself.
    for (const [name, names] of Object.entries(imports))
      for (const imported of names ?? []) {
        expect(imported).not.toBe(name);
        expect(Object.keys(imports)).toContain(imported);
      }
  });
});
