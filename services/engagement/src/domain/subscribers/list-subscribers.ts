import { checks } from '../input';
import { pageOf, pageResult } from '../page';
import type { SubscriberStatus } from '../records';
import type { SubscriberDeps } from './subscriber-deps';
import { STATUSES } from './subscriber-rules';

export function createListSubscribers(deps: SubscriberDeps) {
  const { subscribers } = deps;
  return async function listSubscribers(request: {
    page?: { limit: number; cursor?: string };
    status?: string;
  }) {
    const v = checks();
    v.oneOf('status', request.status, STATUSES);
    const page = pageOf(request.page);
    v.done();
    const rows = await subscribers.list(request.status as SubscriberStatus | undefined, page);
    return pageResult(rows, page.limit);
  };
}
