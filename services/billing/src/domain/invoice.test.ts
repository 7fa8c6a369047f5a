import { AppError } from '@travel/errors';
import {
  checkMove,
  checkPayment,
  dayAfter,
  type Invoice,
  invoiceNumberOf,
  isCalendarDay,
  statusOf,
  viewOf,
} from './invoice';

const invoice: Invoice = {
  id: 'inv_42',
  n: 42,
  number: 'INV-2026-000042',
  tenantId: 'ten_1',
  amount: 1000,
  dueDate: '2026-12-05',
  lineIds: [],
  createdAt: new Date('2026-11-20T10:00:00Z'),
};
const at = new Date('2026-11-21T10:00:00Z');
const payment = (k: number, amount: number, total: number) => ({
  k,
  amount,
  total,
  method: 'bank_transfer',
  reference: null,
  receivedAt: at,
});
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError ? error.code : 'not an AppError';
  }
  return 'no error';
};

describe('invoice rules', () => {
  it('when numbered, then the year it was made and six digits of n', () => {
    expect(invoiceNumberOf(42, invoice.createdAt)).toBe('INV-2026-000042');
    expect(invoiceNumberOf(1_234_567, invoice.createdAt)).toBe('INV-2026-1234567');
  });

  it('when marks exist, then the end decides, else sent, else draft', () => {
    expect(statusOf({})).toBe('draft');
    expect(statusOf({ sentAt: at })).toBe('sent');
    expect(statusOf({ sentAt: at, end: { status: 'paid', at } })).toBe('paid');
    expect(statusOf({ end: { status: 'cancelled', at } })).toBe('cancelled');
  });

  it('when payments are given out of order, then the view sorts them and paidAmount is the last total', () => {
    const view = viewOf(invoice, { sentAt: at }, [payment(2, 300, 700), payment(1, 400, 400)]);
    expect(view.payments.map((p) => p.k)).toEqual([1, 2]);
    expect(view.paidAmount).toBe(700);
    expect(viewOf(invoice, {}, []).paidAmount).toBe(0);
  });

  it('when moves are asked, then only draft → sent and draft/sent → cancelled pass; the rest are conflict', () => {
    expect(checkMove(invoice, 'draft', 'sent')).toBe('sent');
    expect(checkMove(invoice, 'draft', 'cancelled')).toBe('cancelled');
    expect(checkMove(invoice, 'sent', 'cancelled')).toBe('cancelled');
    for (const [from, to] of [
      ['sent', 'sent'],
      ['sent', 'draft'],
      ['draft', 'paid'],
      ['sent', 'paid'],
      ['paid', 'cancelled'],
      ['cancelled', 'sent'],
      ['cancelled', 'cancelled'],
    ] as const)
      expect(codeOf(() => checkMove(invoice, from, to))).toBe('conflict');
  });

  it('when a payment is checked, then only a sent invoice takes it, up to exactly what is due', () => {
    const sent = viewOf(invoice, { sentAt: at }, [payment(1, 400, 400)]);
    expect(checkPayment(sent, 600)).toBe(1000);
    expect(checkPayment(sent, 1)).toBe(401);
    expect(codeOf(() => checkPayment(sent, 601))).toBe('conflict');
    expect(() => checkPayment(sent, 601)).toThrow('600 of 1000 is still due');
    for (const marks of [
      {},
      { sentAt: at, end: { status: 'paid' as const, at } },
      { end: { status: 'cancelled' as const, at } },
    ])
      expect(codeOf(() => checkPayment(viewOf(invoice, marks, []), 1))).toBe('conflict');
  });

  it('when days are counted, then UTC calendar days; impossible days are refused', () => {
    expect(dayAfter(new Date('2026-12-20T23:30:00Z'), 15)).toBe('2027-01-04');
    expect(isCalendarDay('2028-02-29')).toBe(true);
    for (const day of ['2027-02-29', '2027-13-01', '2027-1-01', 'tomorrow', ''])
      expect(isCalendarDay(day)).toBe(false);
  });
});
