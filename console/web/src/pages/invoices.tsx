import { callList, type Schemas } from '../api/client';
import { LoadStatus } from '../ui/errors';
import { formatMoney, formatTime } from '../ui/format';
import { useScope } from '../ui/scope';
import { ScrollRegion } from '../ui/scroll-region';
import { useUrlState } from '../ui/url-state';
import { useLoad } from '../ui/use-load';

type Invoice = Schemas['Invoice'];

/** The invoice as a file: its JSON, lines and payments included, saved by the browser (nothing leaves it). */
function download(invoice: Invoice) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(invoice, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `invoice-${invoice.number}.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The tenant's invoices (right `billing`): amount, paid, status, due date, lines; each one downloadable. */
export function InvoicesPage() {
  const scope = useScope();
  const { get, set } = useUrlState();
  const cursor = get('cursor');
  const invoices = useLoad(
    () =>
      scope.platform
        ? callList<Invoice>('/admin/invoices', { tenantId: scope.tenantId, cursor })
        : callList<Invoice>('/admin/invoices/mine', { cursor }),
    [scope.platform, scope.tenantId, cursor],
  );
  return (
    <>
      <h1>Invoices</h1>
      <LoadStatus loaded={invoices} what="invoices" />
      {invoices.outcome?.ok ? (
        <ScrollRegion className="table-wrap" label="Invoices">
          <table>
            <caption>Invoices</caption>
            <thead>
              <tr>
                <th scope="col">Number</th>
                <th scope="col">Status</th>
                <th scope="col">Amount</th>
                <th scope="col">Paid</th>
                <th scope="col">Due</th>
                <th scope="col">Lines</th>
                <th scope="col">Issued</th>
                <th scope="col">File</th>
              </tr>
            </thead>
            <tbody>
              {(invoices.outcome.data ?? []).map((invoice) => (
                <tr key={invoice.id}>
                  <td>{invoice.number}</td>
                  <td>{invoice.status}</td>
                  <td>{formatMoney(invoice.amount)}</td>
                  <td>{formatMoney(invoice.paidAmount)}</td>
                  <td>{invoice.dueDate}</td>
                  <td>{invoice.lines.length}</td>
                  <td>
                    <time dateTime={invoice.createdAt}>{formatTime(invoice.createdAt)}</time>
                  </td>
                  <td>
                    <button
                      type="button"
                      className="secondary"
                      aria-label={`Download invoice ${invoice.number}`}
                      onClick={() => download(invoice)}
                    >
                      Download
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}
      {invoices.outcome?.ok && (invoices.outcome.data ?? []).length === 0 ? <p>No invoice yet.</p> : null}
      {invoices.outcome?.ok && invoices.outcome.nextCursor ? (
        <button type="button" onClick={() => set({ cursor: invoices.outcome?.nextCursor ?? undefined })}>
          Older invoices
        </button>
      ) : null}
    </>
  );
}
