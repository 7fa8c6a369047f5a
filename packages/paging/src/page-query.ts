import { badRequest, type FieldProblem } from '@travel/errors';
import { CURSOR_PROBLEM, type CursorCodec } from './cursor-codec';

/**
 * The one page-size rule of every list (the OpenAPI documents: `limit`, integer 1 to 100, default 25). The
 * default only stands in for a limit that was not sent at all: an explicit 0 (or 101, or 2.5) is refused.
 */
export const PAGE_SIZE = { default: 25, max: 100 } as const;

/**
 * What a list answers when no limit was sent. Most lists browse (`PAGE_SIZE.default`); the consoles' directory
 * lists that a console loads whole for a picker (tenants, staff users, roles, API clients, pricing rules,
 * payment gateways) answer `PAGE_SIZE.max`, so a console that does not page yet keeps seeing every record up to
 * 100 (docs/decisions/http-api.md, "Paged directory lists").
 */
export interface PageDefaults {
  defaultLimit?: number;
}

const LIMIT_PROBLEM: FieldProblem = {
  path: 'limit',
  message: `must be an integer from 1 to ${PAGE_SIZE.max}`,
};

/** What a list request asks for: a page size and where to continue (absent: the first page). */
export interface PageQuery {
  limit?: number | undefined;
  cursor?: string | undefined;
}

/** A checked page: how many rows to show and the position the page continues after. */
export interface Page<P> {
  limit: number;
  after?: P;
}

/** The problems of a page size (none when it is good; undefined is the default). */
export function pageSizeProblems(limit: number | undefined): FieldProblem[] {
  if (limit === undefined) return [];
  return Number.isInteger(limit) && limit >= 1 && limit <= PAGE_SIZE.max ? [] : [LIMIT_PROBLEM];
}

/**
 * The page a query asks for and every problem with it, for lists that check more fields and answer one
 * `400` listing them all: `limit`'s, then the list's own (`filterProblems`), then `cursor`'s. With
 * problems, the page is not to be used.
 */
export function checkPageQuery<P>(
  query: PageQuery,
  cursors: CursorCodec<P>,
  filterProblems: FieldProblem[] = [],
  { defaultLimit = PAGE_SIZE.default }: PageDefaults = {},
): { page: Page<P>; problems: FieldProblem[] } {
  const problems = [...pageSizeProblems(query.limit), ...filterProblems];
  const after = query.cursor === undefined ? undefined : cursors.read(query.cursor);
  if (query.cursor !== undefined && after === undefined) problems.push(CURSOR_PROBLEM);
  const limit = query.limit ?? defaultLimit;
  return { page: after === undefined ? { limit } : { limit, after }, problems };
}

/** The page a query asks for; a bad `limit` or `cursor` is one `400 bad_request` naming each. */
export function readPageQuery<P>(
  query: PageQuery,
  cursors: CursorCodec<P>,
  defaults: PageDefaults = {},
): Page<P> {
  const { page, problems } = checkPageQuery(query, cursors, [], defaults);
  if (problems.length > 0) throw badRequest(problems);
  return page;
}

/**
 * One page of rows read as `limit + 1`: the extra row only says there is more, and the next page continues
 * after the last row shown.
 */
export function pageOfRows<T>(
  rows: T[],
  limit: number,
  cursorAfter: (last: T) => string,
): { items: T[]; nextCursor?: string } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return rows.length > limit && last !== undefined ? { items, nextCursor: cursorAfter(last) } : { items };
}

/**
 * One page of a list, checked and read: a bad `limit` or `cursor` is one `400` before anything is read; then
 * `limit + 1` rows after the cursor's position, the last row shown naming where the next page continues.
 */
export async function readPage<P, T>(
  query: PageQuery,
  cursors: CursorCodec<P>,
  read: (after: P | undefined, count: number) => Promise<T[]>,
  positionOf: (row: T) => P,
  defaults: PageDefaults = {},
): Promise<{ items: T[]; nextCursor?: string }> {
  const { limit, after } = readPageQuery(query, cursors, defaults);
  return pageOfRows(await read(after, limit + 1), limit, (last) => cursors.encode(positionOf(last)));
}
