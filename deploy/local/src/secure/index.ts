export {
  issuePeerCertificate,
  makePeerCa,
  makePeerCertificates,
  type PeerCa,
  type PeerCertificateOptions,
} from './peer-certificates';
export { type PlainKafka, startPlainKafka } from './plain-kafka';
export { type SaslMechanism, type SecureKafka, startSecureKafka } from './secure-kafka';
export {
  type ClientCertificates,
  type SecureRedis,
  type SecureRedisOptions,
  startSecureRedis,
} from './secure-redis';
export type { RunningServer } from './secure-server';
export { type SecureStore, startSecureStore } from './secure-store';
export { type Issued, makeThrowawayCa, type ThrowawayCa } from './throwaway-ca';
