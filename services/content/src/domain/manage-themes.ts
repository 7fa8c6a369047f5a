import { type AuditActor, auditEntry } from '@travel/audit';
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

/**
 * A theme of its owner (a tenant, or the platform). The owner's first theme, or one made `active`, is worn.
 * Audited with the theme (`theme.created`).
 */
export function createCreateTheme(deps: ThemeDeps) {
  return async (request: content.CreateThemeRequest, owner: string, by: AuditActor): Promise<ThemeView> => {
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
    const details = { tenantId: ownerTenant(owner), name: theme.name, active: Boolean(request.active) };
    const entry = auditEntry(
      by,
      { action: 'theme.created', target: { type: 'theme', id: theme.id }, details },
      at,
    );
    await deps.themes.insert(theme, by.userId ?? '', entry);
    if (request.active) await deps.themes.activate(theme.owner, theme.id, at);
    const active = request.active || (await deps.themes.activateIfNone(theme.owner, theme.id, at));
    return { theme, active };
  };
}

/**
 * One write of the owner's selection document, which also holds its audit entry (`theme.activated`): there is
 * never more than one active theme per owner.
 */
export function createActivateTheme(deps: ThemeDeps) {
  return async (id: string, owner: string, by: AuditActor): Promise<ThemeView> => {
    const theme = await deps.themes.findOwned(id, owner);
    if (!theme) throw themeNotFound(id);
    const at = deps.now();
    const details = { tenantId: ownerTenant(owner) };
    const entry = auditEntry(by, { action: 'theme.activated', target: { type: 'theme', id }, details }, at);
    await deps.themes.activate(theme.owner, theme.id, at, entry);
    return { theme, active: true };
  };
}

/** The tenant a theme belongs to, as the audit log names it (null: the platform's). */
const ownerTenant = (owner: string) => (owner === PLATFORM ? null : owner);

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
