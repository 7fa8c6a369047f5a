export { inDays } from './days';
export { type TestInfra, testInfra } from './infra';
export { uniqueName } from './names';
export { createOpenApiValidator, type ResponseCheck } from './openapi-validator';
export { type ServiceUnderTest, startServiceUnderTest } from './service-under-test';
export { testLogger } from './silent-logger';
export { type WaitOptions, waitFor } from './wait-for';
export { type Behaviour, failFirst, type Received, startReceiver } from './webhook-receiver';
export { verifySignature } from './webhook-signature';
