import type { content } from '@travel/contracts';
import type { Counters } from '@travel/mongo';
import type { ThemeRepository } from '../db/theme.repository';
import { checkLimit, decodeCursor, pageOf } from './cursor';
import {
  BUILT_IN_THEME,
  checkThemeFields,
  ownerOf,
  PLATFORM,
  type Theme,
  type ThemeColors,
  themeIdOf,
  themeNotFound,
} from './theme';

export interface ThemeDeps {
  themes: ThemeRepository;
  counters: Counters;
  now: () => Date;
}

export interface ThemeView {
  theme: Theme;
  active: boolean;
}

/** A theme of its owner (a tenant, or the platform). The owner's first theme, or one made `active`, is worn. */
export function createCreateTheme(deps: ThemeDeps) {
  return async (request: content.CreateThemeRequest): Promise<ThemeView> => {
    checkThemeFields(request);
    const n = await deps.counters.next('theme');
    const at = deps.now();
    const theme: Theme = {
      id: themeIdOf(n),
      n,
      owner: ownerOf(request.tenantId),
      name: request.name.trim(),
      colors: request.colors as ThemeColors,
      logoUrl: request.logoUrl,
      createdAt: at,
    };
    await deps.themes.insert(theme, request.actorUserId);
    if (request.active) await deps.themes.activate(theme.owner, theme.id, at);
    const active = request.active || (await deps.themes.activateIfNone(theme.owner, theme.id, at));
    return { theme, active };
  };
}

/** One write of the owner's selection document: there is never more than one active theme per owner. */
export function createActivateTheme(deps: ThemeDeps) {
  return async (request: content.ActivateThemeRequest): Promise<ThemeView> => {
    const theme = await deps.themes.findById(request.id);
    if (!theme || theme.owner !== ownerOf(request.tenantId)) throw themeNotFound(request.id);
    await deps.themes.activate(theme.owner, theme.id, deps.now());
    return { theme, active: true };
  };
}

export function createListThemes(deps: ThemeDeps) {
  return async (request: content.ListThemesRequest) => {
    const limit = checkLimit(request.limit);
    const [before] = decodeCursor(request.cursor, 1) ?? [];
    const owner = ownerOf(request.tenantId);
    const [rows, activeId] = await Promise.all([
      deps.themes.list(owner, before, limit + 1),
      deps.themes.activeOf(owner),
    ]);
    const page = pageOf(rows, limit, (theme) => [theme.n]);
    return {
      themes: page.rows.map((theme) => ({ theme, active: theme.id === activeId })),
      nextCursor: page.nextCursor,
    };
  };
}

/** What the owner's storefront wears: its own active theme, else the platform's, else the built-in one. */
export function createGetActiveTheme(deps: ThemeDeps) {
  const activeOf = async (owner: string) => {
    const id = await deps.themes.activeOf(owner);
    return id === undefined ? null : deps.themes.findById(id);
  };
  return async (request: content.GetActiveThemeRequest): Promise<ThemeView & { inherited: boolean }> => {
    const owner = ownerOf(request.tenantId);
    const own = await activeOf(owner);
    if (own) return { theme: own, active: true, inherited: false };
    const platform = owner === PLATFORM ? null : await activeOf(PLATFORM);
    return { theme: platform ?? BUILT_IN_THEME, active: true, inherited: true };
  };
}
