import type { Request, RequestHandler, Response } from 'express';
import { inSequence } from './in-sequence';

/** Runs a sequence on a bare request and response; resolves with what it passed to the router's `next`. */
function run(handlers: RequestHandler[]): Promise<{ passed: unknown[] }> {
  return new Promise((resolve) => {
    inSequence(handlers)({} as Request, {} as Response, (...passed: unknown[]) => resolve({ passed }));
  });
}

describe('middleware in sequence', () => {
  it('when every step calls next, then they run in order and the sequence goes on with no error', async () => {
    const ran: number[] = [];
    const step =
      (n: number): RequestHandler =>
      (_req, _res, next) => {
        ran.push(n);
        next();
      };
    expect(await run([step(1), step(2), step(3)])).toEqual({ passed: [] });
    expect(ran).toEqual([1, 2, 3]);
  });

  it('when there are no steps, then it goes on at once', async () => {
    expect(await run([])).toEqual({ passed: [] });
  });

  it('when a step passes null, then that is "go on", as in Express', async () => {
    const ran: string[] = [];
    const result = await run([
      (_req, _res, next) => next(null),
      () => {
        ran.push('second');
        throw new Error('stop');
      },
    ]);
    expect(ran).toEqual(['second']);
    expect(result.passed[0]).toMatchObject({ message: 'stop' });
  });

  it('when a step passes an error, throws or rejects, then the error goes on and later steps do not run', async () => {
    const failure = new Error('failed');
    let laterRan = 0;
    const later: RequestHandler = () => {
      laterRan += 1;
    };
    const cases: RequestHandler[] = [
      (_req, _res, next) => next(failure),
      () => {
        throw failure;
      },
      async () => {
        throw failure;
      },
    ];
    for (const failing of cases) expect(await run([failing, later])).toEqual({ passed: [failure] });
    expect(laterRan).toBe(0);
  });

  it('when a step rejects with nothing, then an error still goes on', async () => {
    const result = await run([() => Promise.reject(undefined)]);
    expect(result.passed[0]).toBeInstanceOf(Error);
    expect((result.passed[0] as Error).message).toBe('Rejected promise');
  });

  it('when an async step calls next, then the sequence goes on after it resolves', async () => {
    const ran: string[] = [];
    const result = await run([
      async (_req, _res, next) => {
        await new Promise((resolve) => setImmediate(resolve));
        ran.push('async');
        next();
      },
      (_req, _res, next) => {
        ran.push('sync');
        next();
      },
    ]);
    expect(result).toEqual({ passed: [] });
    expect(ran).toEqual(['async', 'sync']);
  });
});
