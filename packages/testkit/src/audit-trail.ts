import { auditRecorded, events } from '@travel/contracts';
import { Kafka, logLevel } from 'kafkajs';
import { testInfra } from './infra';
import { uniqueName } from './names';
import { waitFor } from './wait-for';

/** One entry as a service relayed it on `audit.entries`. */
export interface RelayedAudit {
  id: string;
  action: string;
  targetType: string;
  targetId: string;
  details: Record<string, unknown>;
  actorUserId?: string;
  actorEmail: string;
  actorTenantId?: string;
  ip: string;
  requestId: string;
  at?: Date;
}

export interface AuditTrail {
  /** Every entry read so far, in the order of the topic. */
  entries(): RelayedAudit[];
  /** Waits until entries of this target are on the topic and answers them (`count`: at least that many). */
  of(targetId: string, count?: number): Promise<RelayedAudit[]>;
  stop(): Promise<void>;
}

/**
 * Reads a service's `audit.entries` (under its Kafka namespace) from the beginning, as identity would: the proof
 * a component test has that a change left its entry. Start it after the service (its publisher creates the topic).
 */
export async function watchAuditTrail(namespace: string): Promise<AuditTrail> {
  const kafka = new Kafka({
    clientId: 'audit-trail',
    brokers: testInfra().kafkaBrokers,
    logLevel: logLevel.NOTHING,
  });
  const consumer = kafka.consumer({ groupId: uniqueName(`${namespace}trail`) });
  const seen: RelayedAudit[] = [];
  await consumer.connect();
  await consumer.subscribe({ topic: `${namespace}audit.entries`, fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ message }) => {
      if (!message.value) return;
      const envelope = events.EventEnvelope.decode(message.value);
      const entry = auditRecorded.AuditRecorded.decode(envelope.payload);
      seen.push({
        id: envelope.id,
        action: entry.action,
        targetType: entry.targetType,
        targetId: entry.targetId,
        details: JSON.parse(entry.detailsJson || '{}') as Record<string, unknown>,
        actorUserId: entry.actorUserId,
        actorEmail: entry.actorEmail,
        actorTenantId: entry.actorTenantId,
        ip: entry.ip,
        requestId: entry.requestId,
        at: envelope.occurredAt,
      });
    },
  });
  return {
    entries: () => [...seen],
    async of(targetId, count = 1) {
      return waitFor(
        () => {
          const found = seen.filter((entry) => entry.targetId === targetId);
          if (found.length < count) throw new Error(`${found.length} audit entries of ${targetId} so far`);
          return found;
        },
        { timeoutMs: 20_000, intervalMs: 100 },
      );
    },
    async stop() {
      await consumer.disconnect();
    },
  };
}
