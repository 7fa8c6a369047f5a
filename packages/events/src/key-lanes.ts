import type { KafkaMessage } from 'kafkajs';

/**
 * Messages taken into lanes at a time: one batch's lanes run together, and its offsets are resolved before the
 * next begins, so a long batch (a replay, a backlog) neither starts thousands of handlers at once nor holds
 * its progress unresolved until its end.
 */
export const KEY_LANE_CHUNK = 64;

/**
 * Handles a fetched batch with one lane per key: the messages of one key one after another, in order, and
 * the lanes at once, so the handlers' writes can go to the store together. `consume` answers false when the
 * message was not finished (the consumer stopped, the partition moved); its lane stops there. `resolved` is
 * told the last message of each chunk's finished prefix, since an offset may only move past messages that
 * are all done. False when the batch was left unfinished.
 */
export async function consumeInKeyLanes(
  messages: KafkaMessage[],
  consume: (message: KafkaMessage) => Promise<boolean>,
  resolved: (message: KafkaMessage) => Promise<void>,
): Promise<boolean> {
  for (let start = 0; start < messages.length; start += KEY_LANE_CHUNK) {
    const chunk = messages.slice(start, start + KEY_LANE_CHUNK);
    const done = chunk.map(() => false);
    await Promise.all(
      lanesOf(chunk).map(async (lane) => {
        for (const index of lane) {
          if (!(await consume(chunk[index] as KafkaMessage))) return;
          done[index] = true;
        }
      }),
    );
    const finished = done.indexOf(false) === -1 ? chunk.length : done.indexOf(false);
    if (finished > 0) await resolved(chunk[finished - 1] as KafkaMessage);
    if (finished < chunk.length) return false;
  }
  return true;
}

/** The chunk's message indexes by key, each lane in offset order; a message without a key is a lane of its own. */
function lanesOf(chunk: KafkaMessage[]): number[][] {
  const byKey = new Map<string, number[]>();
  const lanes: number[][] = [];
  for (const [index, message] of chunk.entries()) {
    const key = message.key?.toString();
    const lane = key === undefined ? undefined : byKey.get(key);
    if (lane) lane.push(index);
    else {
      const fresh = [index];
      if (key !== undefined) byKey.set(key, fresh);
      lanes.push(fresh);
    }
  }
  return lanes;
}
