/** Lets a rule change wait until this process's own broadcast subscriber has heard the event it published. */
export interface OwnEchoes {
  /** Starts waiting for an event id; call before publishing, so an echo that comes back fast is not missed. */
  expect(eventId: string): { heard: Promise<void>; forget(): void };
  /** The subscriber heard this event (anyone's: only the ids someone waits for matter). */
  heard(eventId: string): void;
}

export function createOwnEchoes(): OwnEchoes {
  const waiting = new Map<string, () => void>();
  return {
    expect(eventId) {
      const heard = new Promise<void>((resolve) => waiting.set(eventId, resolve));
      return { heard, forget: () => waiting.delete(eventId) };
    },
    heard(eventId) {
      waiting.get(eventId)?.();
      waiting.delete(eventId);
    },
  };
}
