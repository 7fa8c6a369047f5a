export { type AuditTrail, type RelayedAudit, watchAuditTrail } from './audit-trail';
export { customerCaller, partnerCaller, type StaffFields, staffCaller } from './callers';
export { type CapturedLogs, captureLogs } from './captured-logs';
export { inDays } from './days';
export {
  documented,
  documentText,
  flattened,
  PARTNER_DOCUMENTS,
  type PartnerDocument,
} from './documented';
export { codeOf, failureOf } from './error-code';
export { type ExactlyOptions, expectExactly } from './exactly';
export { failedStarts } from './failed-starts';
export {
  type CallOutcome,
  EXPECTED,
  type Forgery,
  forgedCallerOutcomes,
  unexpectedOutcomes,
} from './forged-callers';
export { freshIdempotency } from './idempotency';
export { type TestInfra, testInfra } from './infra';
export { type CaughtEmail, emailsTo, emailsWithSubject, TEST_SMTP, testMaildevUrl } from './maildev-inbox';
export { claimedAt, uniqueName } from './names';
export { createOpenApiValidator, type ResponseCheck } from './openapi-validator';
export { type ReceivedSpan, startOtlpReceiver } from './otlp-receiver';
export { type WalkedPage, walkPages } from './page-walk';
export {
  EXPECTED_PARKING,
  type ParkingScenario,
  platformStaffCaller,
  publishBytes,
  refuseDocuments,
  runParkingScenario,
  SHORT_RETRY_BUDGET,
  UNDECODABLE,
} from './parking-scenario';
export {
  createServiceClient,
  gatewayTlsEnv,
  peerTls,
  peerTlsDir,
  peerTlsEnv,
  TEST_PEER_TLS_ROOT,
} from './peer-tls';
export {
  askReflection,
  askServerReflection,
  declaredServices,
  type ReflectionAnswers,
  type ServiceMethods,
} from './reflection';
export { freePort, type ServiceProcess, spawnService } from './service-process';
export { type ServiceUnderTest, startServiceUnderTest } from './service-under-test';
export { testLogger } from './silent-logger';
export {
  claimedSince,
  describeResources,
  dropTestResources,
  findTestResources,
  startingWithAny,
  type TestResources,
} from './test-resources';
export { awaitTtlPass } from './ttl-pass';
export { type WaitOptions, waitFor } from './wait-for';
export { type Behaviour, failFirst, type Received, startReceiver } from './webhook-receiver';
export { verifySignature } from './webhook-signature';
export { wireCallers } from './wire-callers';
