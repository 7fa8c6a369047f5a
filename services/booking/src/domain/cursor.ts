import { numberCursor } from '@travel/paging';

/**
 * Cursors of every booking list (partner, storefront, admin): `b1:<booking number>` (docs/architecture.md,
 * paging in `@travel/paging`); a page continues strictly below that number.
 */
export const bookingCursors = numberCursor('b1:');
