import { changeEntry } from '../audit';
import { checks, normalEmail } from '../input';
import type { Staff, SubscriberStatus } from '../records';
import type { SubscriberDeps } from './subscriber-deps';
import { found, STATUSES } from './subscriber-rules';

export function createUpdateSubscriber(deps: SubscriberDeps) {
  const { subscribers, now } = deps;
  return async function updateSubscriber(request: {
    actor: Staff;
    id: string;
    email?: string;
    status?: string;
  }) {
    const v = checks();
    v.email('email', request.email, false);
    v.oneOf('status', request.status, STATUSES);
    v.done();
    const changes = {
      ...(request.email === undefined ? {} : { email: normalEmail(request.email) }),
      ...(request.status === undefined ? {} : { status: request.status as SubscriberStatus }),
    };
    const at = now();
    const entry = changeEntry(request.actor, 'subscriber.updated', request.id, changes, at);
    const subscriber = await found(await subscribers.update(request.id, changes, at, entry), request.id);
    return subscriber;
  };
}
