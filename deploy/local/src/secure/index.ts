export { type SaslMechanism, type SecureKafka, startSecureKafka } from './secure-kafka';
export { type SecureRedis, startSecureRedis } from './secure-redis';
export type { RunningServer } from './secure-server';
export { type SecureStore, startSecureStore } from './secure-store';
export { type Issued, makeThrowawayCa, type ThrowawayCa } from './throwaway-ca';
