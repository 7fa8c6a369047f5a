export {
  AppError,
  badRequest,
  createError,
  type ErrorDetails,
  type ErrorFacts,
  type FieldProblem,
  isAppError,
} from './app-error';
export { type ErrorCode, type ErrorDefinition, errorCatalog, isErrorCode } from './catalog';
export { isUnavailableError } from './unavailable';
