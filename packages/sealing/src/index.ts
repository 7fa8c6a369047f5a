export { type ResealCount, resealEach } from './reseal-each';
export { createSealer, isSealed, type Sealer, SealingError, type SealingFailure } from './sealer';
export { sealingContext } from './sealing-context';
export { KEY_BYTES, KID, parseSealingKeys, type SealingKeys } from './sealing-keys';
