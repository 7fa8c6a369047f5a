import type { EmailRepository } from '../../db/email.repository';
import type { QueryRepository } from '../../db/query.repository';
/** What the query use cases are built from (one file below them all, so none imports their index). */
export interface QueryDeps {
  queries: QueryRepository;
  emails: EmailRepository;
  now: () => Date;
  emailsQueued: () => void;
}
