export { testInfra, type TestInfra } from './infra';
export { uniqueName } from './names';
export { createOpenApiValidator, type ResponseCheck } from './openapi-validator';
export { testLogger } from './silent-logger';
export { type WaitOptions, waitFor } from './wait-for';
