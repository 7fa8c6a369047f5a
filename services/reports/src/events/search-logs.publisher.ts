import { searchLogged } from '@travel/contracts';
import { type EventPublisher, newEventId } from '@travel/events';
import type { PublishSearch } from '../domain/log-search';
import { SEARCH_LOGGED, SEARCH_LOGS_TOPIC } from './topics';

/** A search log becomes one `search.logged` event, answered once the broker acknowledged it. */
export function createSearchLogPublisher(publisher: EventPublisher): PublishSearch {
  return async (search, at) => {
    const id = newEventId();
    const payload = Buffer.from(searchLogged.SearchLogged.encode(search).finish());
    await publisher.publish(SEARCH_LOGS_TOPIC, [
      {
        id,
        type: SEARCH_LOGGED,
        occurredAt: at,
        tenantId: '',
        clientId: '',
        livemode: true,
        payload,
        key: id,
      },
    ]);
    return id;
  };
}
