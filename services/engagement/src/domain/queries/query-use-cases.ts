import { AppError } from '@travel/errors';
import { tenantScopeOf } from '@travel/grpc';
import type { Logger } from '@travel/logger';
import type { EmailRepository } from '../../db/email.repository';
import type { QueryRepository } from '../../db/query.repository';
import { logChange } from '../audit';
import { newId } from '../ids';
import { checks } from '../input';
import { queryReplyEmail } from '../mail-content';
import { pageOf, pageResult } from '../page';
import type { Staff, SupportQuery } from '../records';

export interface QueryDeps {
  queries: QueryRepository;
  emails: EmailRepository;
  now: () => Date;
  emailsQueued: () => void;
}

/** Support questions from tenant staff to the platform; the platform answers in the thread and by email. */
export function createQueryUseCases(deps: QueryDeps) {
  const { queries, now } = deps;
  return {
    async create(request: { actor: Staff; subject: string; message: string }, logger: Logger) {
      if (request.actor.kind !== 'tenant-staff')
        throw new AppError('forbidden', 'Queries are asked by tenant staff.');
      const { tenantId } = request.actor;
      const v = checks();
      v.text('subject', request.subject, 200);
      v.text('message', request.message, 20_000);
      v.done();
      const at = now();
      const query: SupportQuery = {
        id: newId('qry', at),
        tenantId,
        askedByUserId: request.actor.userId,
        askedByEmail: request.actor.email,
        subject: request.subject.trim(),
        status: 'open',
        thread: [
          { from: 'tenant', authorUserId: request.actor.userId, body: request.message, at, emailId: null },
        ],
        createdAt: at,
        updatedAt: at,
      };
      await queries.insert(query);
      logChange(logger, 'query.created', request.actor, { query_id: query.id });
      return query;
    },
    /** Tenant staff: their tenant's queries; the platform: every tenant's (they are all addressed to it). */
    async list(request: { actor: Staff; page?: { limit: number; cursor?: string } }) {
      const page = pageOf(request.page);
      const rows = await queries.list(tenantScopeOf(request.actor), page);
      return pageResult(rows, page.limit);
    },
    async reply(request: { actor: Staff; id: string; message: string }, logger: Logger) {
      if (request.actor.kind !== 'platform-staff')
        throw new AppError('forbidden', 'Only the platform answers queries.');
      const scope = tenantScopeOf(request.actor);
      const v = checks();
      v.text('message', request.message, 20_000);
      v.done();
      const query = await queries.findById(scope, request.id);
      if (!query) throw new AppError('not_found', `Query ${request.id} does not exist.`);
      const at = now();
      const email = queryReplyEmail(query, request.message, at);
      await deps.emails.enqueue([email], at);
      deps.emailsQueued();
      const answered = await queries.addAnswer(scope, query.id, {
        from: 'platform',
        authorUserId: request.actor.userId,
        body: request.message,
        at,
        emailId: email.id,
      });
      if (!answered) throw new AppError('not_found', `Query ${request.id} does not exist.`);
      logChange(logger, 'query.replied', request.actor, { query_id: query.id, email_id: email.id });
      return answered;
    },
  };
}

export type QueryUseCases = ReturnType<typeof createQueryUseCases>;
