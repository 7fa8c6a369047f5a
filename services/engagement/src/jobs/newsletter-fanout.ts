import type { Logger } from '@travel/logger';
import type { EmailRepository } from '../db/email.repository';
import type { NewsletterRepository } from '../db/newsletter.repository';
import type { SubscriberRepository } from '../db/subscriber.repository';
import { newsletterEmail } from '../domain/mail-content';

export interface FanoutDeps {
  newsletters: NewsletterRepository;
  subscribers: SubscriberRepository;
  emails: EmailRepository;
  now: () => Date;
  baseUrl: string;
  batchSize: number;
  leaseMs: number;
  /** Wakes the email sender after emails were queued. */
  emailsQueued: () => void;
  /** True once the service is shutting down: the lease is handed back after the batch in hand. */
  stopping: () => boolean;
  logger: Logger;
}

/**
 * One pass: takes the lease of a newsletter being sent and turns its subscribed addresses, a batch at a
 * time in id order, into emails. An email's id is derived from newsletter and address, so a batch done
 * twice (a crash before the progress was saved, a replica taking over a lapsed lease) queues nothing twice;
 * progress is saved only while the lease is still ours. An address subscribed after the fan-out passed it
 * is not sent this newsletter.
 */
export function createNewsletterFanout(deps: FanoutDeps) {
  /** Answers whether it found a newsletter to fan out (its job backs off while there is none). */
  return async function fanOut(): Promise<boolean> {
    let found = false;
    for (; !deps.stopping(); found = true) {
      let lease = new Date(deps.now().getTime() + deps.leaseMs);
      const newsletter = await deps.newsletters.leaseFanout(deps.now(), lease);
      if (!newsletter) return found;
      let after = newsletter.fanoutAfter;
      for (;;) {
        const batch = await deps.subscribers.subscribedAfter(after, deps.batchSize);
        if (batch.length === 0) {
          await deps.newsletters.finishFanout(newsletter.id, deps.now());
          deps.logger.info({ newsletter_id: newsletter.id }, 'newsletter fan-out complete');
          break;
        }
        await deps.emails.enqueue(
          batch.map((subscriber) => newsletterEmail(newsletter, subscriber, deps.baseUrl)),
          deps.now(),
        );
        deps.emailsQueued();
        after = batch.at(-1)?.id ?? after;
        const renewed = new Date(deps.now().getTime() + deps.leaseMs);
        if (!(await deps.newsletters.advanceFanout(newsletter.id, lease, after ?? '', renewed))) break;
        lease = renewed;
        if (deps.stopping()) {
          // A restart (or another replica) goes on from `after` at once instead of after the lease.
          await deps.newsletters.releaseFanout(newsletter.id, lease);
          return true;
        }
      }
    }
    return found;
  };
}
