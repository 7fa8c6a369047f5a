import { AppError } from '@travel/errors';
import { createIdentityReachability, isUnreachable } from './identity-reachability';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const REST_MS = 1000;

function reachability() {
  let clock = 5000;
  const identity = createIdentityReachability({ restMs: REST_MS, now: () => clock });
  const unreachable = () => identity.ask(() => Promise.reject(new AppError('service_unavailable')));
  return {
    identity,
    advance: (ms: number) => {
      clock += ms;
    },
    /** One lookup identity could not answer. */
    fail: () => expect(unreachable()).rejects.toMatchObject({ code: 'service_unavailable' }),
  };
}

describe('whether identity may be asked', () => {
  it('when nothing failed yet, then every lookup may ask, at once and together', async () => {
    const { identity } = reachability();
    expect(identity.mayAsk()).toBe(true);
    const slow = deferred<string>();
    const asked = identity.ask(() => slow.promise);
    expect(identity.mayAsk()).toBe(true);
    slow.resolve('answer');
    expect(await asked).toBe('answer');
  });

  it('when identity was unreachable, then lookups rest for exactly the rest time, then one probes alone', async () => {
    const { identity, advance, fail } = reachability();
    await fail();
    expect(identity.mayAsk()).toBe(false);
    advance(REST_MS - 1);
    expect(identity.mayAsk()).toBe(false);
    advance(1);
    expect(identity.mayAsk()).toBe(true);
    const probe = deferred<string>();
    const probed = identity.ask(() => probe.promise);
    expect(identity.mayAsk()).toBe(false);
    probe.resolve('back');
    expect(await probed).toBe('back');
    // The first answer ends the outage: every lookup may ask again, without resting.
    expect(identity.mayAsk()).toBe(true);
  });

  it('when the probe finds identity still unreachable, then lookups rest again from then', async () => {
    const { identity, advance, fail } = reachability();
    await fail();
    advance(REST_MS);
    await fail();
    expect(identity.mayAsk()).toBe(false);
    advance(REST_MS - 1);
    expect(identity.mayAsk()).toBe(false);
    advance(1);
    expect(identity.mayAsk()).toBe(true);
  });

  it('when identity answers with any other error, then that is an answer: it is passed on and nobody rests', async () => {
    const { identity, advance, fail } = reachability();
    await fail();
    advance(REST_MS);
    const refusal = new AppError('not_found');
    await expect(identity.ask(() => Promise.reject(refusal))).rejects.toBe(refusal);
    expect(identity.mayAsk()).toBe(true);
    const crash = new Error('bug');
    await expect(identity.ask(() => Promise.reject(crash))).rejects.toBe(crash);
    expect(identity.mayAsk()).toBe(true);
  });
});

describe('what counts as unreachable', () => {
  it('when the error is a 503 of ours, then identity is unreachable; any other status or error is an answer', () => {
    expect(isUnreachable(new AppError('service_unavailable'))).toBe(true);
    expect(isUnreachable(new AppError('internal_error'))).toBe(false);
    expect(isUnreachable(new AppError('unauthorized'))).toBe(false);
    expect(isUnreachable(new Error('service_unavailable'))).toBe(false);
    expect(isUnreachable(undefined)).toBe(false);
  });
});
