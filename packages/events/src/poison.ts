/** Throw this from a handler when a message can never succeed (bad payload): it is parked at once, not retried. */
export class PoisonEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PoisonEventError';
  }
}
