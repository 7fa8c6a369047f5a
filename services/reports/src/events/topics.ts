/** Reports' own topic: storefront searches, published by `RecordSearch`, read back by the consumer. */
export { SEARCH_LOGS_TOPIC } from '@travel/events';
export const SEARCH_LOGGED = 'search.logged';
