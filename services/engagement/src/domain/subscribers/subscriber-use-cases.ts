import { AppError } from '@travel/errors';
import type { Logger } from '@travel/logger';
import type { SubscriberRepository } from '../../db/subscriber.repository';
import { logChange } from '../audit';
import { newId, newUnsubscribeToken } from '../ids';
import { checks, normalEmail } from '../input';
import { pageOf, pageResult } from '../page';
import type { Staff, Subscriber, SubscriberStatus } from '../records';

const STATUSES = ['subscribed', 'unsubscribed'] as const;

export interface SubscriberDeps {
  subscribers: SubscriberRepository;
  now: () => Date;
}

/** Staff manage the list (right `newsletters`, platform only); anyone subscribes and unsubscribes. */
export function createSubscriberUseCases({ subscribers, now }: SubscriberDeps) {
  const fresh = (email: string, source: Subscriber['source']): Subscriber => {
    const at = now();
    return {
      id: newId('sub', at),
      email: normalEmail(email),
      status: 'subscribed',
      source,
      unsubscribeToken: newUnsubscribeToken(),
      createdAt: at,
      updatedAt: at,
    };
  };
  const found = (subscriber: Subscriber | null, id: string) =>
    subscriber ?? Promise.reject(new AppError('not_found', `Subscriber ${id} does not exist.`));

  return {
    async list(request: { page?: { limit: number; cursor?: string }; status?: string }) {
      const v = checks();
      v.oneOf('status', request.status, STATUSES);
      const page = pageOf(request.page);
      v.done();
      const rows = await subscribers.list(request.status as SubscriberStatus | undefined, page);
      return pageResult(rows, page.limit);
    },
    async create(request: { actor: Staff; email: string }, logger: Logger) {
      const v = checks();
      v.email('email', request.email);
      v.done();
      const subscriber = fresh(request.email, 'staff');
      if (!(await subscribers.insert(subscriber)))
        throw new AppError('conflict', `${subscriber.email} is already on the list.`);
      logChange(logger, 'subscriber.created', request.actor, { subscriber_id: subscriber.id });
      return subscriber;
    },
    async update(request: { actor: Staff; id: string; email?: string; status?: string }, logger: Logger) {
      const v = checks();
      v.email('email', request.email, false);
      v.oneOf('status', request.status, STATUSES);
      v.done();
      const changes = {
        ...(request.email === undefined ? {} : { email: normalEmail(request.email) }),
        ...(request.status === undefined ? {} : { status: request.status as SubscriberStatus }),
      };
      const subscriber = await found(await subscribers.update(request.id, changes, now()), request.id);
      logChange(logger, 'subscriber.updated', request.actor, { subscriber_id: request.id, ...changes });
      return subscriber;
    },
    async remove(request: { actor: Staff; id: string }, logger: Logger) {
      if (!(await subscribers.delete(request.id)))
        throw new AppError('not_found', `Subscriber ${request.id} does not exist.`);
      logChange(logger, 'subscriber.deleted', request.actor, { subscriber_id: request.id });
      return request.id;
    },
    /** Idempotent: an address on the list is subscribed (again) and `created` is false. */
    async subscribe(request: { email: string }): Promise<{ subscriber: Subscriber; created: boolean }> {
      const v = checks();
      v.email('email', request.email);
      v.done();
      const subscriber = fresh(request.email, 'public');
      if (await subscribers.insert(subscriber)) return { subscriber, created: true };
      const existing = await subscribers.findByEmail(subscriber.email);
      if (!existing) throw new AppError('conflict', 'The address changed meanwhile; try again.');
      if (existing.status === 'subscribed') return { subscriber: existing, created: false };
      const again = await subscribers.update(existing.id, { status: 'subscribed' }, now());
      return { subscriber: again ?? existing, created: false };
    },
    async unsubscribe(request: { token: string }) {
      const subscriber = request.token ? await subscribers.findByToken(request.token) : null;
      if (!subscriber) throw new AppError('not_found', 'This unsubscribe link is not valid.');
      if (subscriber.status === 'unsubscribed') return subscriber;
      return found(await subscribers.update(subscriber.id, { status: 'unsubscribed' }, now()), subscriber.id);
    },
  };
}

export type SubscriberUseCases = ReturnType<typeof createSubscriberUseCases>;
