import type { SaleFactRepository } from './sale-fact.repository';
import type { SearchFactRepository } from './search-fact.repository';

/** How long a report's answer is reused when this process has recorded nothing since it was read. */
export const ANSWER_FRESH_MS = 1000;
/** Distinct report questions kept at once (a period, a tenant, a service); more and they start again. */
const MAX_ANSWERS = 1000;

export interface SharedReads {
  /** A fact was recorded here: no answer read before it is given again. */
  changed(): void;
  read<T>(question: string, load: () => Promise<T>): Promise<T>;
}

/**
 * Report reads aggregate every fact of their period, so identical questions share one aggregation: one that
 * arrives while the same is running gets its answer, and an answer is reused for `freshMs` after it began,
 * unless this process recorded a fact since. Another replica's facts show within `freshMs`.
 */
export function createSharedReads(freshMs = ANSWER_FRESH_MS, now = () => performance.now()): SharedReads {
  let generation = 0;
  const answers = new Map<string, { at: number; generation: number; value: Promise<unknown> }>();
  return {
    changed() {
      generation++;
    },
    read<T>(question: string, load: () => Promise<T>): Promise<T> {
      const kept = answers.get(question);
      if (kept && kept.generation === generation && now() - kept.at < freshMs)
        return kept.value as Promise<T>;
      if (answers.size >= MAX_ANSWERS) answers.clear();
      const entry = { at: now(), generation, value: load() };
      answers.set(question, entry);
      entry.value.catch(() => {
        if (answers.get(question) === entry) answers.delete(question);
      });
      return entry.value as Promise<T>;
    },
  };
}

/** The sale facts with their report reads shared; a recorded fact is a change. */
export function withSharedSaleReads(sales: SaleFactRepository, shared: SharedReads): SaleFactRepository {
  return {
    async insert(fact) {
      const inserted = await sales.insert(fact);
      shared.changed();
      return inserted;
    },
    tally: (filter) => shared.read(`tally ${JSON.stringify(filter)}`, () => sales.tally(filter)),
    bookedPlaces: (filter) =>
      shared.read(`booked ${JSON.stringify(filter)}`, () => sales.bookedPlaces(filter)),
  };
}

/** The search facts with their report reads shared; a recorded search is a change. */
export function withSharedSearchReads(
  searches: SearchFactRepository,
  shared: SharedReads,
): SearchFactRepository {
  return {
    async insert(fact) {
      const inserted = await searches.insert(fact);
      shared.changed();
      return inserted;
    },
    searchedPlaces: (filter) =>
      shared.read(`searched ${JSON.stringify(filter)}`, () => searches.searchedPlaces(filter)),
  };
}
