export { isTrustedProxy, resolveClientAddress } from './client-address';
export {
  type ConsoleIpAction,
  type ConsoleIpPolicy,
  type ConsoleIpRuleEntry,
  consoleIpPolicy,
  isConsoleAddressAllowed,
} from './console-ip-rules';
export {
  type CidrRange,
  invalidAllowListEntries,
  isAddressAllowed,
  normaliseAddress,
  parseAllowListEntry,
} from './ip-allow-list';
export {
  bearerToken,
  hashApiKey,
  type IssuedKey,
  issueApiKey,
  type KeyEnvironment,
  parseApiKey,
} from './key-format';
export { isScope, SCOPES, type Scope } from './scopes';
export {
  type AccessCheck,
  checkIpAllowList,
  checkPlatformSwitches,
  checkScope,
  type KeyCheck,
  type KeyCheckInput,
  type KeyRecord,
  type PlatformSwitches,
  verifyKey,
} from './verify-key';
