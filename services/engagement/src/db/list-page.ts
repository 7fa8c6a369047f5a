import type { Model } from 'mongoose';
import type { PageRequest } from '../domain/page';

/** One page newest first (ids sort by creation), one more row than asked so the caller knows if more follow. */
export function findPage<D>(model: Model<D>, filter: Record<string, unknown>, page: PageRequest) {
  const query = page.before === undefined ? filter : { ...filter, _id: { $lt: page.before } };
  return model
    .find(query)
    .sort({ _id: -1 })
    .limit(page.limit + 1)
    .lean<D[]>();
}
