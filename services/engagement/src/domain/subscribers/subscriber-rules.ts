import { AppError } from '@travel/errors';
import { newId, newUnsubscribeToken } from '../ids';
import { normalEmail } from '../input';
import type { Subscriber } from '../records';

export const STATUSES = ['subscribed', 'unsubscribed'] as const;

export function freshSubscriber(at: Date, email: string, source: Subscriber['source']): Subscriber {
  return {
    id: newId('sub', at),
    email: normalEmail(email),
    status: 'subscribed',
    source,
    unsubscribeToken: newUnsubscribeToken(),
    createdAt: at,
    updatedAt: at,
  };
}

export const found = (subscriber: Subscriber | null, id: string) =>
  subscriber ?? Promise.reject(new AppError('not_found', `Subscriber ${id} does not exist.`));
