import { isUnavailableError } from './unavailable';

const named = (name: string) => Object.assign(new Error('x'), { name });

describe('isUnavailableError', () => {
  // Every driver error the package names (unavailable.ts): a store down, restarting or saturated.
  it.each([
    'MongoServerSelectionError',
    'MongoNetworkError',
    'MongoNetworkTimeoutError',
    'MongoNotConnectedError',
    'MongoTopologyClosedError',
    'MongoOperationTimeoutError',
    'MongoPoolClosedError',
    'MongoPoolClearedError',
    'MongoWaitQueueTimeoutError',
  ])('when the store cannot be reached or answer in time (%s), then the error is a 503', (name) => {
    expect(isUnavailableError(named(name))).toBe(true);
  });

  it('when the store stopped an operation at its time limit (MaxTimeMSExpired), then the error is a 503', () => {
    expect(isUnavailableError(Object.assign(named('MongoServerError'), { code: 50 }))).toBe(true);
    expect(isUnavailableError(Object.assign(named('MongoServerError'), { code: 11000 }))).toBe(false);
    // Code 50 means MaxTimeMSExpired only from the store.
    expect(isUnavailableError(Object.assign(named('RangeError'), { code: 50 }))).toBe(false);
  });

  it('when the store ends the connection while a command is written, then the error is a 503', () => {
    const ended = Object.assign(new Error('This socket has been ended by the other party'), {
      code: 'EPIPE',
    });
    expect(isUnavailableError(ended)).toBe(true);
    expect(isUnavailableError(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBe(
      true,
    );
  });

  it('when the error is a bug or a refusal of the store, then it is not', () => {
    expect(isUnavailableError(Object.assign(new Error('no such file'), { code: 'ENOENT' }))).toBe(false);
    expect(isUnavailableError(new TypeError('undefined is not a function'))).toBe(false);
    expect(isUnavailableError(named('MongoServerError'))).toBe(false);
    expect(isUnavailableError('MongoNetworkError')).toBe(false);
  });
});
