import { createAnswerQuery } from './answer-query';
import { createAskQuery } from './ask-query';
import { createListQueries } from './list-queries';
import type { QueryDeps } from './query-deps';

/** Support questions from tenant staff to the platform; the platform answers in the thread and by email. */
export function createQueryUseCases(deps: QueryDeps) {
  return {
    create: createAskQuery(deps),
    list: createListQueries(deps),
    reply: createAnswerQuery(deps),
  };
}

export type QueryUseCases = ReturnType<typeof createQueryUseCases>;

export type { QueryDeps } from './query-deps';
