export { type AuditTrail, type RelayedAudit, watchAuditTrail } from './audit-trail';
export { customerCaller, partnerCaller, type StaffFields, staffCaller } from './callers';
export { type CapturedLogs, captureLogs } from './captured-logs';
export { inDays } from './days';
export { codeOf } from './error-code';
export { failedStarts } from './failed-starts';
export { type TestInfra, testInfra } from './infra';
export { type CaughtEmail, emailsTo, emailsWithSubject, TEST_SMTP, testMaildevUrl } from './maildev-inbox';
export { claimedAt, uniqueName } from './names';
export { createOpenApiValidator, type ResponseCheck } from './openapi-validator';
export { type ReceivedSpan, startOtlpReceiver } from './otlp-receiver';
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
