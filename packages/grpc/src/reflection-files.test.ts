import { fromBinary } from '@bufbuild/protobuf';
import { FileDescriptorProtoSchema } from '@bufbuild/protobuf/wkt';
import { loadSync } from '@grpc/proto-loader';
import { findProtoRoot, protoFilesUnder } from '@travel/contracts';
import { repairDescriptors } from './reflection-files';

/** proto-loader's descriptors of the repository's proto/, as reflection is given them. */
function loadedFiles(): Buffer[] {
  const root = findProtoRoot() as string;
  const protos = loadSync(protoFilesUnder(root), { includeDirs: [root], keepCase: true });
  const entry = Object.values(protos).find((value) => Array.isArray(value.fileDescriptorProtos));
  return entry?.fileDescriptorProtos as Buffer[];
}

const decoded = (files: Buffer[]) => files.map((bytes) => fromBinary(FileDescriptorProtoSchema, bytes));
const importsOf = (files: Buffer[]) =>
  Object.fromEntries(decoded(files).map((file) => [file.name, file.dependency]));

/** Each map field's entry message in a package: the message holding it, the entry's name, the fields naming it. */
const mapFieldsOf = (files: Buffer[], pkg: string) =>
  decoded(files)
    .filter((file) => file.package === pkg)
    .flatMap((file) => file.messageType)
    .flatMap((message) =>
      message.nestedType
        .filter((nested) => nested.options?.mapEntry)
        .map((entry) => ({
          message: message.name,
          entry: entry.name,
          fields: message.field
            .filter((field) => field.typeName.endsWith(entry.name))
            .map((field) => field.name),
        })),
    );

describe('the file descriptors reflection answers with', () => {
  const files = loadedFiles();

  it('when proto-loader made them, then they name no import (what grpcurl cannot resolve types through)', () => {
    expect(Object.values(importsOf(files)).flat()).toEqual([]);
  });

  it('when imports are restored, then each file imports the files declaring the types it names, by protobuf scoping', () => {
    const imports = importsOf(repairDescriptors(files));
    // PricingRule's timestamps, and `caller.v1.Caller` written inside travel.pricing.v1.
    expect(imports['travel_pricing_v1.proto']).toEqual(['google_protobuf.proto', 'travel_caller_v1.proto']);
    expect(imports['grpc_health_v1.proto']).toEqual([]);
    expect(imports['travel_caller_v1.proto']).toEqual([]);
    // Every import is a file of the set, never the file itself.
    for (const [name, names] of Object.entries(imports))
      for (const imported of names) {
        expect(imported).not.toBe(name);
        expect(Object.keys(imports)).toContain(imported);
      }
  });

  it('when a message has a map field, then its entry message is named as protobuf names it (what grpcurl checks)', () => {
    // billing's `map<string, string> credentials`: protobufjs writes the entry as `Credentials`.
    expect(mapFieldsOf(files, 'travel.billing.v1')).toContainEqual({
      message: 'CreatePaymentGatewayRequest',
      entry: 'Credentials',
      fields: ['credentials'],
    });
    const repaired = mapFieldsOf(repairDescriptors(files), 'travel.billing.v1');
    expect(repaired).toEqual([
      { message: 'CreatePaymentGatewayRequest', entry: 'CredentialsEntry', fields: ['credentials'] },
      { message: 'UpdatePaymentGatewayRequest', entry: 'CredentialsEntry', fields: ['credentials'] },
    ]);
  });

  it('when a message reserves a number, then its range ends after it, as descriptor.proto says (`reserved 5`: 5 to 6)', () => {
    const reservedOf = (list: Buffer[]) =>
      decoded(list)
        .flatMap((file) => file.messageType)
        .filter((message) => message.reservedRange.length > 0)
        .map((message) => ({
          message: message.name,
          ranges: message.reservedRange.map((r) => [r.start, r.end]),
        }));
    // wallet_service.proto's WalletEntry: `reserved 5;`.
    expect(reservedOf(files)).toEqual([{ message: 'WalletEntry', ranges: [[5, 5]] }]);
    expect(reservedOf(repairDescriptors(files))).toEqual([{ message: 'WalletEntry', ranges: [[5, 6]] }]);
  });
});
