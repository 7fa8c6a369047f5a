import { z } from 'zod';
import { defineOperations } from '../../openapi/contract';
import { HttpUrl } from '../common/internal-components';
import { nonBlank } from '../common/params';
import { dataOf, pageOf, pageQuery } from '../common/partner-contract/operations';

// The theme routes' schemas (themes.routes.ts validates with them); their words are in internal.texts.yaml.

export const Colour = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour #rrggbb')
  .meta({ examples: ['#0b5fff'] });

const ownerTenantId = z
  .string()
  .min(1)
  .max(100)
  .meta({
    description:
      'Whose records: tenant staff may only name their own tenant (another is `404`); the platform names ' +
      'any existing tenant, or none for its own records.',
  });

export const createThemeBody = z.strictObject({
  tenantId: z.string().min(1).max(100).optional(),
  name: nonBlank(100),
  colors: z.strictObject({
    primary: Colour,
    secondary: Colour,
    accent: Colour.default('#f59e0b'),
    background: Colour.default('#ffffff'),
    text: Colour.default('#111827'),
  }),
  logoUrl: HttpUrl.optional(),
  active: z.boolean().default(false),
});
/** The owner of the themes (`tenantInScope` decides whose). */
export const themeOwnerQuery = z.object({ tenantId: ownerTenantId.optional() });
export const listThemesQuery = pageQuery.extend(themeOwnerQuery.shape);

const themeFields = {
  id: z.string().nullable().meta({ description: '`thm_…`; null for the built-in default.' }),
  tenantId: z.string().nullable().meta({ description: "Null for the platform's." }),
  name: z.string(),
  colors: z.strictObject({
    primary: Colour,
    secondary: Colour,
    accent: Colour,
    background: Colour,
    text: Colour,
  }),
  logoUrl: z.string().meta({ format: 'uri' }).nullable(),
  active: z.boolean(),
  createdAt: z.iso.datetime(),
};

export const Theme = z.strictObject(themeFields);
export const ActiveTheme = z.strictObject({
  ...themeFields,
  inherited: z.boolean().meta({
    description: "True: the owner has no active theme; this is the platform's or the built-in one.",
  }),
});

const ThemeBody = dataOf(Theme);
const ThemeList = pageOf(Theme);
const ActiveThemeBody = dataOf(ActiveTheme);
const themeIdParams = z.object({ id: z.string().meta({ description: "The theme's id (`thm_…`)." }) });

export const themesContract = {
  operations: defineOperations({
    listThemes: {
      method: 'get',
      path: '/admin/themes',
      query: listThemesQuery,
      responses: { '200': ThemeList },
    },
    createTheme: {
      method: 'post',
      path: '/admin/themes',
      body: createThemeBody,
      bodyRequired: true,
      responses: { '201': ThemeBody },
    },
    getActiveTheme: {
      method: 'get',
      path: '/admin/themes/active',
      query: themeOwnerQuery,
      responses: { '200': ActiveThemeBody },
    },
    activateTheme: {
      method: 'post',
      path: '/admin/themes/{id}/activate',
      params: themeIdParams,
      query: themeOwnerQuery,
      responses: { '200': ThemeBody },
    },
  }),
  components: { Colour, Theme, ActiveTheme },
  responses: { Theme: ThemeBody, ThemeList, ActiveTheme: ActiveThemeBody },
};
