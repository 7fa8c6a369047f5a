import { z } from 'zod';
import { defineOperations } from '../../openapi/contract';
import { dayFromToday } from '../common/calendar-rules';
import { nonBlank } from '../common/params';
import { dataOf, idempotencyKey, pageOf, pageQuery } from '../common/partner-contract/operations';

// The invoice routes' schemas (invoices.routes.ts validates with them); words in internal.texts.yaml.

const day = z.string().meta({ format: 'date' });

export const Invoice = z.strictObject({
  id: z.string().regex(/^inv_[0-9]+$/),
  number: z.string().meta({ description: '`INV-<year>-<n>`, unique.' }),
  tenantId: z.string(),
  amount: z.number().int().min(1),
  paidAmount: z.number().int().min(0),
  status: z.enum(['draft', 'sent', 'paid', 'cancelled']),
  dueDate: day,
  createdAt: z.iso.datetime(),
  payments: z.array(
    z.strictObject({
      amount: z.number().int().min(1),
      method: z.string(),
      reference: z.string().nullable(),
      receivedAt: z.iso.datetime(),
    }),
  ),
  lines: z
    .array(
      z.strictObject({
        id: z.string().meta({ description: '`<booking id>:created` or `<booking id>:cancelled`.' }),
        bookingId: z.string(),
        pnr: z.string(),
        route: z.string(),
        date: day,
        amount: z.number().int().meta({ description: "Negative on a cancelled booking's reversal." }),
        simulated: z.boolean().meta({
          description:
            'The booking was made from simulated supply (its `simulated`): it reached no supplier.',
        }),
      }),
    )
    .meta({
      description: 'The booking lines it bills (single reads only; empty in lists and for a given amount).',
    }),
});

const InvoiceBody = dataOf(Invoice);
const InvoicePage = pageOf(Invoice);
const invoiceIdParams = z.object({
  id: z.string().meta({ description: '`inv_<n>`.', examples: ['inv_42'] }),
});

export const listInvoicesQuery = pageQuery.extend({
  tenantId: z.string().min(1).max(100).optional().meta({ description: "Only this tenant's invoices." }),
});

export const createInvoiceBody = z.strictObject({
  tenantId: nonBlank(100),
  /** Present: an invoice of this amount; absent: of the tenant's uninvoiced booking lines. */
  amount: z.number().int().min(1).max(1_000_000_000_000).optional(),
  dueDate: dayFromToday('must not be before today')
    .meta({ format: 'date', 'x-rule': 'today or later' })
    .optional(),
});

export const updateInvoiceBody = z.strictObject({ status: z.enum(['draft', 'sent', 'paid', 'cancelled']) });

export const recordPaymentBody = z.strictObject({
  amount: z.number().int().min(1).max(1_000_000_000_000),
  method: nonBlank(40).meta({ description: 'e.g. `bank_transfer`, `upi`' }),
  reference: nonBlank(100).optional(),
  receivedAt: z.iso.datetime({ offset: true }).optional(),
});

export const invoicesContract = {
  operations: defineOperations({
    listInvoices: {
      method: 'get',
      path: '/admin/invoices',
      query: listInvoicesQuery,
      responses: { '200': InvoicePage },
    },
    createInvoice: {
      method: 'post',
      path: '/admin/invoices',
      body: createInvoiceBody,
      bodyRequired: true,
      responses: { '201': InvoiceBody },
    },
    listMyInvoices: {
      method: 'get',
      path: '/admin/invoices/mine',
      query: pageQuery,
      responses: { '200': InvoicePage },
    },
    getInvoice: {
      method: 'get',
      path: '/admin/invoices/{id}',
      params: invoiceIdParams,
      responses: { '200': InvoiceBody },
    },
    updateInvoice: {
      method: 'put',
      path: '/admin/invoices/{id}',
      params: invoiceIdParams,
      body: updateInvoiceBody,
      bodyRequired: true,
      responses: { '200': InvoiceBody },
    },
    recordPayment: {
      method: 'post',
      path: '/admin/invoices/{id}/payments',
      params: invoiceIdParams,
      headers: z.object({
        'Idempotency-Key': idempotencyKey.meta({
          description:
            "Required. 8 to 100 visible ASCII characters (a UUID), the platform staff's, remembered 48 hours: a\n" +
            'retry with it records nothing more and answers the first payment again.\n',
        }),
      }),
      body: recordPaymentBody,
      bodyRequired: true,
      responses: { '201': InvoiceBody },
    },
  }),
  components: { Invoice },
  responses: { Invoice: InvoiceBody, InvoiceList: InvoicePage },
};
