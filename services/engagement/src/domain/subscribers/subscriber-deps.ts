import type { SubscriberRepository } from '../../db/subscriber.repository';
/** What the subscriber use cases are built from (one file below them all, so none imports their index). */
export interface SubscriberDeps {
  subscribers: SubscriberRepository;
  now: () => Date;
}
