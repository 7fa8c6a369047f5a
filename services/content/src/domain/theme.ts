import { AppError, badRequest, type FieldProblem } from '@travel/errors';
import { isWebUrl } from './blog';

export interface ThemeColors {
  primary: string;
  secondary: string;
  accent: string;
  background: string;
  text: string;
}

export interface Theme {
  /** `thm_<n>`; empty for the built-in default. */
  id: string;
  n: number;
  /** A tenant id, or `PLATFORM`. */
  owner: string;
  name: string;
  colors: ThemeColors;
  logoUrl?: string;
  createdAt: Date;
}

/** The platform's owner key; tenant ids are `ten_<n>`, so none aliases it. */
export const PLATFORM = 'platform';
export const themeIdOf = (n: number) => `thm_${n}`;
export const themeNotFound = (id: string) => new AppError('not_found', `No theme ${id}.`);

/** What a storefront wears while neither its tenant nor the platform has chosen a theme. */
export const BUILT_IN_THEME: Theme = {
  id: '',
  n: 0,
  owner: PLATFORM,
  name: 'Partner Travel',
  colors: {
    primary: '#0b5fff',
    secondary: '#0f172a',
    accent: '#f59e0b',
    background: '#ffffff',
    text: '#111827',
  },
  createdAt: new Date('2026-01-01T00:00:00Z'),
};

const HEX = /^#[0-9a-f]{6}$/i;

export function checkThemeFields(fields: {
  name: string;
  colors?: Partial<ThemeColors>;
  logoUrl?: string;
}): void {
  const problems: FieldProblem[] = [];
  if (fields.name.trim() === '' || fields.name.length > 100)
    problems.push({ path: 'name', message: 'must be 1 to 100 characters' });
  if (!fields.colors) problems.push({ path: 'colors', message: 'is required' });
  for (const key of ['primary', 'secondary', 'accent', 'background', 'text'] as const)
    if (fields.colors && !HEX.test(fields.colors[key] ?? ''))
      problems.push({ path: `colors.${key}`, message: 'must be a colour #rrggbb' });
  if (fields.logoUrl !== undefined && !isWebUrl(fields.logoUrl))
    problems.push({ path: 'logoUrl', message: 'must be an http(s) URL' });
  if (problems.length > 0) throw badRequest(problems);
}
