import type { content } from '@travel/contracts';
import type { Counters } from '@travel/mongo';
import { pageOfRows, readPageQuery } from '@travel/paging';
import type { ThemeRepository } from '../db/theme.repository';
import { numberKeyCursors } from './cursor';
import {
  BUILT_IN_THEME,
  checkThemeFields,
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
  return async (
    request: content.CreateThemeRequest,
    owner: string,
    createdBy: string,
  ): Promise<ThemeView> => {
    checkThemeFields(request);
    const n = await deps.counters.next('theme');
    const at = deps.now();
    const theme: Theme = {
      id: themeIdOf(n),
      n,
      owner,
      name: request.name.trim(),
      colors: request.colors as ThemeColors,
      logoUrl: request.logoUrl,
      createdAt: at,
    };
    await deps.themes.insert(theme, createdBy);
    if (request.active) await deps.themes.activate(theme.owner, theme.id, at);
    const active = request.active || (await deps.themes.activateIfNone(theme.owner, theme.id, at));
    return { theme, active };
  };
}

/** One write of the owner's selection document: there is never more than one active theme per owner. */
export function createActivateTheme(deps: ThemeDeps) {
  return async (id: string, owner: string): Promise<ThemeView> => {
    const theme = await deps.themes.findOwned(id, owner);
    if (!theme) throw themeNotFound(id);
    await deps.themes.activate(theme.owner, theme.id, deps.now());
    return { theme, active: true };
  };
}

export function createListThemes(deps: ThemeDeps) {
  return async (request: content.ListThemesRequest, owner: string) => {
    const { limit, after } = readPageQuery(request, numberKeyCursors);
    const [before] = after ?? [];
    const [rows, activeId] = await Promise.all([
      deps.themes.list(owner, before, limit + 1),
      deps.themes.activeOf(owner),
    ]);
    const page = pageOfRows(rows, limit, (theme) => numberKeyCursors.encode([theme.n]));
    return {
      themes: page.items.map((theme) => ({ theme, active: theme.id === activeId })),
      nextCursor: page.nextCursor,
    };
  };
}

/** What the owner's storefront wears: its own active theme, else the platform's, else the built-in one. */
export function createGetActiveTheme(deps: ThemeDeps) {
  const activeOf = async (owner: string) => {
    const id = await deps.themes.activeOf(owner);
    return id === undefined ? null : deps.themes.findOwned(id, owner);
  };
  return async (owner: string): Promise<ThemeView & { inherited: boolean }> => {
    const own = await activeOf(owner);
    if (own) return { theme: own, active: true, inherited: false };
    const platform = owner === PLATFORM ? null : await activeOf(PLATFORM);
    return { theme: platform ?? BUILT_IN_THEME, active: true, inherited: true };
  };
}
