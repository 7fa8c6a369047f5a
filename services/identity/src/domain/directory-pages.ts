import { createdOrderCursor, numberCursor, PAGE_SIZE, type PageDefaults } from '@travel/paging';

/**
 * The cursors of identity's directory lists. Tenants, staff users and roles go oldest first by creation
 * (`createdOrderCursor`); API clients in id order (their ids are a counter's).
 */
export const directoryCursors = {
  tenants: createdOrderCursor('t1:'),
  users: createdOrderCursor('u1:'),
  roles: createdOrderCursor('r1:'),
  clients: numberCursor('c1:'),
};

/**
 * A console loads these lists whole for its pickers: a request without a limit gets the largest page, as many
 * rows as the list answered before it was paged (docs/decisions/http-api.md, "Paged directory lists").
 */
export const DIRECTORY_PAGE: PageDefaults = { defaultLimit: PAGE_SIZE.max };
