import { MAX_REPLICAS, type ProcessName, SERVICES } from './profile';

/** How many replicas of each process a launch runs; a process not named runs one. */
export type ReplicaCounts = Partial<Record<ProcessName, number>>;

/** One running copy of a process: replica 1 is the process as a one-replica stack runs it. */
export interface ProcessRef {
  name: ProcessName;
  replica: number;
}

/** Existing callers name a process (its replica 1); replica-aware ones pass a reference. */
export type ProcessOrReplica = ProcessName | ProcessRef;

export const refOf = (target: ProcessOrReplica): ProcessRef =>
  typeof target === 'string' ? { name: target, replica: 1 } : target;

/** `booking` for replica 1 (the names of a one-replica stack, unchanged), `booking-2` for the second. */
export function replicaLabel(target: ProcessOrReplica): string {
  const { name, replica } = refOf(target);
  return replica === 1 ? name : `${name}-${replica}`;
}

export const replicasOf = (counts: ReplicaCounts, name: ProcessName): number => counts[name] ?? 1;

const PROCESSES: readonly ProcessName[] = [...SERVICES, 'gateway'];

function count(text: string, what: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > MAX_REPLICAS)
    throw new Error(`${what}: replicas must be a whole number from 1 to ${MAX_REPLICAS}, not "${text}"`);
  return n;
}

/**
 * Reads replica counts as `--replicas` and `TRAVEL_REPLICAS` give them: `2` (every process), `booking=3,gateway=2`,
 * or both (`2,booking=3`: every process two, booking three). Later entries win.
 */
export function parseReplicas(spec: string): ReplicaCounts {
  const counts: ReplicaCounts = {};
  for (const entry of spec.split(',').map((part) => part.trim())) {
    if (entry === '') continue;
    const [name, value] = entry.includes('=') ? entry.split('=', 2) : ['', entry];
    if (name === '') {
      for (const each of PROCESSES) counts[each] = count(value ?? '', entry);
    } else if (PROCESSES.includes(name as ProcessName)) {
      counts[name as ProcessName] = count(value ?? '', entry);
    } else {
      throw new Error(`replicas: no process "${name}" (one of ${PROCESSES.join(', ')})`);
    }
  }
  return counts;
}
