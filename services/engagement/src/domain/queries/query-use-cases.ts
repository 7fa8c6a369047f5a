import type { EmailRepository } from '../../db/email.repository';
import type { QueryRepository } from '../../db/query.repository';
import { createAnswerQuery } from './answer-query';
import { createAskQuery } from './ask-query';
import { createListQueries } from './list-queries';

export interface QueryDeps {
  queries: QueryRepository;
  emails: EmailRepository;
  now: () => Date;
  emailsQueued: () => void;
}

/** Support questions from tenant staff to the platform; the platform answers in the thread and by email. */
export function createQueryUseCases(deps: QueryDeps) {
  return {
    create: createAskQuery(deps),
    list: createListQueries(deps),
    reply: createAnswerQuery(deps),
  };
}

export type QueryUseCases = ReturnType<typeof createQueryUseCases>;
