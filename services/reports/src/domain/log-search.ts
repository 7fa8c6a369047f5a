import type { reports, searchLogged } from '@travel/contracts';
import { badRequest, type FieldProblem } from '@travel/errors';
import { type Destination, destinationOf, isService, type Service } from './facts';

/** Where a search log goes: the topic the reports consumer reads (the log is not stored before that). */
export type PublishSearch = (search: ValidSearch, at: Date) => Promise<string>;

export interface ValidSearch {
  service: Service;
  from?: string;
  to?: string;
  city?: string;
  pickup?: string;
  startDate?: string;
  endDate?: string;
}

/** The field that names the destination of each service. */
const DESTINATION_FIELD = { flight: 'to', hotel: 'city', car: 'pickup' } as const;
const PLACE_FIELDS = ['from', 'to', 'city', 'pickup'] as const;
const DAY_FIELDS = ['startDate', 'endDate'] as const;

/**
 * `POST /api/search-logs`: the search is checked and published on `reports.search-logs`; the read model
 * counts it when the consumer reads it back, like every fact (so a rebuild from the topic counts it again).
 */
export function createLogSearch(deps: { publish: PublishSearch; now: () => Date }) {
  return async (request: reports.RecordSearchRequest): Promise<reports.RecordSearchResponse> => {
    const search = validSearchOf(request.search);
    const at = deps.now();
    const id = await deps.publish(search, at);
    return { id, service: search.service, destination: destinationOfSearch(search).label, at };
  };
}

export function destinationOfSearch(search: ValidSearch): Destination {
  return destinationOf(search.service, search[DESTINATION_FIELD[search.service]] ?? '');
}

/** Every problem in one `bad_request`: the service, its destination field, places and days. */
export function validSearchOf(request: searchLogged.SearchLogged | undefined): ValidSearch {
  if (!request) throw badRequest([{ path: 'search', message: 'is required' }]);
  const problems: FieldProblem[] = [];
  if (!isService(request.service)) {
    problems.push({ path: 'service', message: 'must be flight, hotel or car' });
  } else if (!request[DESTINATION_FIELD[request.service]]?.trim()) {
    problems.push({
      path: DESTINATION_FIELD[request.service],
      message: `is required for a ${request.service} search`,
    });
  }
  for (const field of PLACE_FIELDS) {
    const value = request[field];
    if (value !== undefined && (value.trim().length === 0 || value.length > 100))
      problems.push({ path: field, message: 'must be 1 to 100 characters' });
  }
  for (const field of DAY_FIELDS) {
    const value = request[field];
    if (value !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(value))
      problems.push({ path: field, message: 'must be YYYY-MM-DD' });
  }
  if (problems.length > 0) throw badRequest(problems);
  const { service, ...rest } = request;
  const fields = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  return { service: service as Service, ...fields };
}
