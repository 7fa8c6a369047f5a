import { createCreateSubscriber } from './create-subscriber';
import { createDeleteSubscriber } from './delete-subscriber';
import { createListSubscribers } from './list-subscribers';
import { createSubscribe } from './subscribe';
import type { SubscriberDeps } from './subscriber-deps';
import { createUnsubscribe } from './unsubscribe';
import { createUpdateSubscriber } from './update-subscriber';

/** Staff manage the list (right `newsletters`, platform only); anyone subscribes and unsubscribes. */
export function createSubscriberUseCases(deps: SubscriberDeps) {
  return {
    list: createListSubscribers(deps),
    create: createCreateSubscriber(deps),
    update: createUpdateSubscriber(deps),
    remove: createDeleteSubscriber(deps),
    subscribe: createSubscribe(deps),
    unsubscribe: createUnsubscribe(deps),
  };
}

export type SubscriberUseCases = ReturnType<typeof createSubscriberUseCases>;

export type { SubscriberDeps } from './subscriber-deps';
