import type { Connection } from 'mongoose';
import type { IdentityConfig } from '../config';
import { createRequestLogRepository } from '../db/request-log.repository';
import {
  createGetRequestLog,
  createListRequestLogs,
  createRecordRequestLogs,
} from '../domain/request-logs/request-logs';

const DAY_MS = 86_400_000;

/** The request log (docs/access.md, "Request log"): the consumer's use case and the two reads. */
export function wireRequestLogs(config: IdentityConfig, connection: Connection) {
  const store = createRequestLogRepository(connection, {
    retentionMs: config.REQUEST_LOG_RETENTION_DAYS * DAY_MS,
  });
  return {
    recordRequestLogs: createRecordRequestLogs({ store }),
    listRequestLogs: createListRequestLogs({ store }),
    getRequestLog: createGetRequestLog({ store }),
  };
}
