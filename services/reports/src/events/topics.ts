/** Reports' own topic: storefront searches, published by `RecordSearch`, read back by the consumer. */
export const SEARCH_LOGS_TOPIC = 'reports.search-logs';
export const SEARCH_LOGGED = 'search.logged';
