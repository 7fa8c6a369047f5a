import type { AppError } from '@travel/errors';
import { validateAcross } from '../../http/validate-across';
import { createPromotionBodies, newPromotionChecks } from './promotions.contract';

const pathsOf = (kind: keyof typeof newPromotionChecks, body: unknown) => {
  try {
    validateAcross(createPromotionBodies[kind], body, [newPromotionChecks[kind]]);
    return [];
  } catch (error) {
    const details = (error as AppError).details as { path: string }[];
    return details.map((problem) => problem.path).sort();
  }
};

describe('new promotion bodies', () => {
  it('when a discount has malformed fields and misses required ones, then every failing field is listed', () => {
    expect(pathsOf('discount', { percentBps: 'ten', validFrom: 'soon', audience: 'everyone' })).toEqual(
      ['audience', 'name', 'percentBps', 'validFrom', 'validUntil'].sort(),
    );
  });

  it('when a voucher has a malformed code beside a percent without a cap and a bad window, then all are listed', () => {
    expect(
      pathsOf('voucher', {
        code: 'x',
        percentBps: 1000,
        minAmount: -1,
        validFrom: '2027-02-01T00:00:00Z',
        validUntil: '2027-01-01T00:00:00Z',
      }),
    ).toEqual(['code', 'maxDiscount', 'minAmount', 'validUntil']);
  });

  it('when both percentBps and amount or neither are given, then the one-of rule is listed with the rest', () => {
    expect(pathsOf('discount', { name: 'Sale', validUntil: '2027-01-01T00:00:00Z', active: 'yes' })).toEqual([
      'active',
      'percentBps',
    ]);
    expect(
      pathsOf('voucher', { code: 'SAVE', amount: 100, percentBps: 100, maxDiscount: 50, validUntil: 'x' }),
    ).toEqual(['amount', 'validUntil']);
  });

  it('when a field is not a whole number beside missing required ones, then every failing field is listed', () => {
    expect(pathsOf('discount', { service: 'flight', percentBps: 2.5 })).toEqual([
      'name',
      'percentBps',
      'validUntil',
    ]);
  });

  it('when the body is valid or not an object, then no rule runs on it', () => {
    expect(pathsOf('offer', { title: 'Goa', validUntil: '2027-01-01T00:00:00Z' })).toEqual([]);
    expect(pathsOf('voucher', null)).toEqual(['body']);
  });
});
