import { mergeContracts } from '../openapi/contract';
import { tenantsContract } from './admin/tenants.contract';
import { blogsContract } from './content/blogs.contract';
import { heroSlidesContract } from './content/hero-slides.contract';
import { themesContract } from './content/themes.contract';
import { leadsContract } from './engagement/leads.contract';
import { newslettersContract } from './engagement/newsletters.contract';
import { engagementPublicContract } from './engagement/public.contract';
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
    blogsContract,
    heroSlidesContract,
    themesContract,
    newslettersContract,
    leadsContract,
    engagementPublicContract,
  ],
  {
    errorEnvelope: 'ErrorEnvelope',
    handWrittenAllowed: true,
  },
);
