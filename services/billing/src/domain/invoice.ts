import { AppError } from '@travel/errors';

// Invoices of a tenant (docs/decisions/billing.md "Invoices"). An invoice document is written once; how it moved on is
// told by marks inserted beside it (`sent`, then one `end`: paid or cancelled) and by its payments, each
// an insert that can lose a race, so two racing moves never both land.

export type InvoiceStatus = 'draft' | 'sent' | 'paid' | 'cancelled';
export type EndStatus = 'paid' | 'cancelled';

export interface Invoice {
  /** `inv_<n>`. */
  id: string;
  n: number;
  number: string;
  tenantId: string;
  amount: number;
  /** `YYYY-MM-DD`. */
  dueDate: string;
  /** The lines it was built from, claimed for it; empty for an invoice of a given amount. */
  lineIds: string[];
  createdAt: Date;
}

export interface InvoiceLine {
  /** `<booking id>:created` or `<booking id>:cancelled`: a redelivered event inserts nothing new. */
  id: string;
  tenantId: string;
  bookingId: string;
  pnr: string;
  route: string;
  date: string;
  /** Negative on the line that reverses a cancelled booking. */
  amount: number;
  /** The booking was made from simulated supply (its event said so): it reached no supplier. */
  simulated: boolean;
  createdAt: Date;
}

export interface Payment {
  /** 1, 2, 3, ... per invoice: the unique `<invoice id>:<k>` orders concurrent payments. */
  k: number;
  amount: number;
  /** The running total after this payment. */
  total: number;
  method: string;
  reference: string | null;
  receivedAt: Date;
}

export interface Marks {
  sentAt?: Date;
  end?: { status: EndStatus; at: Date };
}

/** An invoice with everything that tells its state. */
export interface InvoiceView {
  invoice: Invoice;
  status: InvoiceStatus;
  paidAmount: number;
  payments: Payment[];
  /** When it was sent; partners and tenant staff see only invoices that were (drafts never). */
  sentAt: Date | undefined;
  /** The lines it was built from; loaded for single reads only. */
  lines: InvoiceLine[];
}

export const invoiceIdOf = (n: number) => `inv_${n}`;

/** `INV-2026-000042`: the year it was made and its number, unique because the number is. */
export function invoiceNumberOf(n: number, createdAt: Date): string {
  return `INV-${createdAt.getUTCFullYear()}-${String(n).padStart(6, '0')}`;
}

export function statusOf(marks: Marks): InvoiceStatus {
  return marks.end?.status ?? (marks.sentAt ? 'sent' : 'draft');
}

export function viewOf(invoice: Invoice, marks: Marks, payments: Payment[]): InvoiceView {
  const sorted = [...payments].sort((a, b) => a.k - b.k);
  return {
    invoice,
    status: statusOf(marks),
    paidAmount: sorted.at(-1)?.total ?? 0,
    payments: sorted,
    sentAt: marks.sentAt,
    lines: [],
  };
}

/** `YYYY-MM-DD` of the UTC day `days` after `from`. */
export function dayAfter(from: Date, days: number): string {
  return new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` that names a real day (`2027-02-30` does not). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
}

/** The moves an administrator may ask for: `draft` → `sent`, `draft`/`sent` → `cancelled`. */
export function checkMove(invoice: Invoice, from: InvoiceStatus, to: string): 'sent' | 'cancelled' {
  if (to === 'sent' && from === 'draft') return 'sent';
  if (to === 'cancelled' && (from === 'draft' || from === 'sent')) return 'cancelled';
  const hint = to === 'paid' ? ' An invoice becomes paid through its payments.' : '';
  throw new AppError('conflict', `Invoice ${invoice.id} is ${from}; it cannot move to ${to}.${hint}`);
}

/**
 * A payment is taken only on a `sent` invoice and never beyond its amount; the new running total.
 * Overpaying is `conflict` (409): whether it fits depends on what was paid before, not on the request.
 */
export function checkPayment(view: InvoiceView, amount: number): number {
  const { invoice, status, paidAmount } = view;
  if (status !== 'sent')
    throw new AppError(
      'conflict',
      `Invoice ${invoice.id} is ${status}; payments are taken only on sent invoices.`,
    );
  const due = invoice.amount - paidAmount;
  if (amount > due)
    throw new AppError(
      'conflict',
      `A payment of ${amount} would overpay invoice ${invoice.id}: ${due} of ${invoice.amount} is still due.`,
    );
  return paidAmount + amount;
}
