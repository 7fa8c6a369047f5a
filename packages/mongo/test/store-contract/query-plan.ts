import type { mongo } from 'mongoose';

export interface QueryPlan {
  /** Every stage of the winning plan (classic plans and MongoDB's slot-based `queryPlan` alike). */
  stages: string[];
  /** The indexes it scans. */
  indexes: string[];
  /** An index scan: `IXSCAN`, or MongoDB 8's `EXPRESS_IXSCAN` for an equality on a unique index. */
  scansIndex: boolean;
}

/** The plan the store chose, from an `explain()` reply. */
export function planOf(explain: mongo.Document): QueryPlan {
  const stages: string[] = [];
  const indexes: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object')
      for (const [key, value] of Object.entries(node)) {
        if (key === 'stage' && typeof value === 'string') stages.push(value);
        else if (key === 'indexName' && typeof value === 'string') indexes.push(value);
        else walk(value);
      }
  };
  walk(explain.queryPlanner?.winningPlan);
  return { stages, indexes, scansIndex: stages.some((stage) => stage.endsWith('IXSCAN')) };
}
