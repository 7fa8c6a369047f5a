export {
  CURSOR_PROBLEM,
  type CursorCodec,
  cursorCodec,
  numberCursor,
  type PositionForm,
  sortKeyCursor,
} from './cursor-codec';
export {
  checkPageQuery,
  PAGE_SIZE,
  type Page,
  type PageQuery,
  pageOfRows,
  pageSizeProblems,
  readPageQuery,
} from './page-query';
