import { AppError } from '@travel/errors';
import { changeEntry } from '../audit';
import { newId } from '../ids';
import { checks } from '../input';
import type { Staff, SupportQuery } from '../records';
import type { QueryDeps } from './query-deps';

export function createAskQuery(deps: QueryDeps) {
  const { queries, now } = deps;
  return async function askQuery(request: { actor: Staff; subject: string; message: string }) {
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
    await queries.insert(
      query,
      changeEntry(request.actor, 'query.created', query.id, { subject: query.subject }, at),
    );
    return query;
  };
}
