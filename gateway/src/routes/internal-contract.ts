import { mergeContracts } from '../openapi/contract';
import { apiAccessContract } from './admin/api-access.contract';
import { apiConsoleContract } from './admin/api-console.contract';
import { auditContract } from './admin/audit.contract';
import { authContract } from './admin/auth.contract';
import { rolesContract } from './admin/roles.contract';
import { settingsContract } from './admin/settings.contract';
import { tenantsContract } from './admin/tenants.contract';
import { usersContract } from './admin/users.contract';
import { internalComponents, internalResponses } from './internal-components';

/**
 * The internal API's contract (internal.yaml is generated from it and internal.texts.yaml): beside each
 * `<name>.routes.ts`, a `<name>.contract.ts` declares its operations' schemas, its named schemas and the
 * bodies of its named responses; the routes validate with those schemas.
 *
 * While the document moves to zod, operations not declared here keep the schemas written in the texts.
 */
export const internalContract = mergeContracts(
  [
    { operations: {}, components: internalComponents, responses: internalResponses },
    tenantsContract,
    rolesContract,
    usersContract,
    authContract,
    auditContract,
    apiAccessContract,
    apiConsoleContract,
    settingsContract,
  ],
  {
    errorEnvelope: 'ErrorEnvelope',
    handWrittenAllowed: true,
  },
);
