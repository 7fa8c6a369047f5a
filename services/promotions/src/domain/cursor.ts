import { numberCursor } from '@travel/paging';

/** Cursors of every promotions list: `p1:<promotion number n>`; a page continues strictly below `n`. */
export const promotionCursors = numberCursor('p1:');
