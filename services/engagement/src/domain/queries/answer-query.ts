import { AppError } from '@travel/errors';
import { tenantScopeOf } from '@travel/grpc';
import { changeEntry } from '../audit';
import { checks } from '../input';
import { queryReplyEmail } from '../mail-content';
import type { Staff } from '../records';
import type { QueryDeps } from './query-deps';

export function createAnswerQuery(deps: QueryDeps) {
  const { queries, now } = deps;
  return async function answerQuery(request: { actor: Staff; id: string; message: string }) {
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
    const answer = {
      from: 'platform' as const,
      authorUserId: request.actor.userId,
      body: request.message,
      at,
      emailId: email.id,
    };
    const entry = changeEntry(request.actor, 'query.replied', query.id, { emailId: email.id }, at);
    const answered = await queries.addAnswer(scope, query.id, answer, entry);
    if (!answered) throw new AppError('not_found', `Query ${request.id} does not exist.`);
    return answered;
  };
}
