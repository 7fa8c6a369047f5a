export {
  type CreatedPosition,
  CURSOR_PROBLEM,
  type CursorCodec,
  createdOrderCursor,
  cursorCodec,
  numberCursor,
  type PositionForm,
  sortKeyCursor,
} from './cursor-codec';
export {
  checkPageQuery,
  PAGE_SIZE,
  type Page,
  type PageDefaults,
  type PageQuery,
  pageOfRows,
  pageSizeProblems,
  readPage,
  readPageQuery,
} from './page-query';
