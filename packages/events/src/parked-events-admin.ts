import type { AuditActor } from '@travel/audit';
import { AppError, badRequest, type FieldProblem } from '@travel/errors';
import type { Logger } from '@travel/logger';
import { checkPageQuery, pageOfRows } from '@travel/paging';
import type { EventConsumer } from './consumer';
import { parkedEventEntry, resolverOf } from './parked-event-audit';
import {
  encodeParkedCursor,
  type ParkedEvent,
  type ParkedEventStore,
  type ParkedStatus,
  parkedCursors,
} from './parked-events';
import { messageOf } from './retry-budget';

const STATUSES: readonly ParkedStatus[] = ['parked', 'replayed', 'discarded'];

/**
 * Events parked behind a replayed one that one replay call hands on, at most: the call stays within the
 * gateway's deadline; the rest stay parked, the oldest of them first in line for the next replay.
 */
const FOLLOWERS_PER_REPLAY = 50;

export interface ListParkedQuery {
  group?: string;
  topic?: string;
  parkedBefore?: Date;
  status?: string;
  limit: number;
  cursor?: string;
}

export interface ReplayOutcome {
  event: ParkedEvent;
  handled: boolean;
  /** Events of the same key parked behind it, replayed and handled after it (groups that block keys). */
  followersHandled: number;
}

/**
 * What an operator can do with a service's parked events: list, read, replay through the group's own handler
 * in this process, discard with a reason. `by` is the staff member (from the call's Caller): each record a
 * replay or discard changes is stored with its audit entry in the same write.
 */
export function createParkedEventsAdmin(deps: {
  store: ParkedEventStore;
  consumers: readonly EventConsumer[];
  now?: () => Date;
}) {
  const { store } = deps;
  const now = deps.now ?? (() => new Date());

  async function parkedOrRefuse(id: string): Promise<ParkedEvent> {
    const parked = await store.find(id);
    if (!parked) throw new AppError('not_found', `No parked event ${id}.`);
    if (parked.status !== 'parked')
      throw new AppError('conflict', `Parked event ${id} is already ${parked.status}.`);
    return parked;
  }

  /**
   * One replay: handled (the record says `replayed`) or failed again (new error, one more attempt), either
   * stored with its entry. `after`: the replay whose success handed this follower on.
   */
  async function replayOne(
    parked: ParkedEvent,
    by: AuditActor,
    logger: Logger,
    after?: string,
  ): Promise<ParkedEvent | null> {
    const consumer = deps.consumers.find((candidate) => candidate.group === parked.group);
    if (!consumer)
      throw new AppError('conflict', `No consumer of group ${parked.group} runs in this service.`);
    const log = logger.child({ parkedId: parked.id, group: parked.group });
    const entryOf = (handled: boolean, at: Date) =>
      parkedEventEntry(by, 'parked_event.replayed', parked, after ? { handled, after } : { handled }, at);
    try {
      await consumer.replay(parked, log);
    } catch (error) {
      log.warn({ err: error }, 'replayed event failed again; it stays parked');
      const failure = { lastError: messageOf(error), attempts: parked.attempts + 1, at: now() };
      return (await store.failedAgain(parked.id, failure, entryOf(false, failure.at))) ?? parked;
    }
    log.info('parked event replayed');
    const at = now();
    const resolved = { status: 'replayed' as const, by: resolverOf(by), at };
    return (await store.resolve(parked.id, resolved, entryOf(true, at))) ?? parked;
  }

  return {
    async list(query: ListParkedQuery): Promise<{ events: ParkedEvent[]; nextCursor?: string }> {
      const statusProblems: FieldProblem[] = [];
      const status = (query.status || 'parked') as ParkedStatus;
      if (!STATUSES.includes(status))
        statusProblems.push({ path: 'status', message: `One of ${STATUSES.join(', ')}.` });
      const { page, problems } = checkPageQuery(query, parkedCursors, statusProblems);
      if (problems.length > 0) throw badRequest(problems);
      const found = await store.list({
        group: query.group || undefined,
        topic: query.topic || undefined,
        parkedBefore: query.parkedBefore,
        status,
        after: page.after,
        limit: page.limit + 1,
      });
      const { items, nextCursor } = pageOfRows(found, page.limit, (last) => encodeParkedCursor(last));
      return nextCursor ? { events: items, nextCursor } : { events: items };
    },

    async get(id: string): Promise<ParkedEvent> {
      const parked = await store.find(id);
      if (!parked) throw new AppError('not_found', `No parked event ${id}.`);
      return parked;
    },

    /**
     * In a group that blocks keys, only the oldest parked event of a key may be replayed (order kept); once it
     * is handled, the events parked behind it are replayed in offset order until one fails again.
     */
    async replay(id: string, by: AuditActor, logger: Logger): Promise<ReplayOutcome> {
      const parked = await parkedOrRefuse(id);
      const blocks = deps.consumers.find((c) => c.group === parked.group)?.keyOrderAfterPark === 'block';
      const ofKey =
        blocks && parked.key !== null ? await store.parkedOfKey(parked.group, parked.topic, parked.key) : [];
      const first = ofKey[0];
      if (first && first.id !== id)
        throw new AppError(
          'conflict',
          `${first.id}, an earlier event of key ${parked.key}, is parked: replay it first.`,
        );
      const event = await replayOne(parked, by, logger);
      const handled = event?.status === 'replayed';
      let followersHandled = 0;
      for (const follower of handled ? ofKey.slice(1, 1 + FOLLOWERS_PER_REPLAY) : []) {
        const outcome = await replayOne(follower, by, logger, id);
        if (outcome?.status !== 'replayed') break;
        followersHandled++;
      }
      return { event: event ?? parked, handled, followersHandled };
    },

    async discard(id: string, reason: string, by: AuditActor): Promise<ParkedEvent> {
      if (!reason.trim()) throw badRequest([{ path: 'reason', message: 'Say why the event is given up.' }]);
      const parked = await parkedOrRefuse(id);
      const at = now();
      const discardReason = reason.trim();
      const discarded = await store.resolve(
        id,
        { status: 'discarded', by: resolverOf(by), at, discardReason },
        parkedEventEntry(by, 'parked_event.discarded', parked, { reason: discardReason }, at),
      );
      if (!discarded) throw new AppError('conflict', `Parked event ${id} was resolved meanwhile.`);
      return discarded;
    },
  };
}

export type ParkedEventsAdmin = ReturnType<typeof createParkedEventsAdmin>;
