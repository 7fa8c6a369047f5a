import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { callList, type Schemas } from './api/client';
import { type StaffProfile, signOut } from './api/session';
import { useCarry, useChosenTenant, useUrlState } from './ui/url-state';
import { useLoad } from './ui/use-load';

const PAGES = [
  { path: '/', name: 'Overview' },
  { path: '/keys', name: 'API keys' },
  { path: '/logs', name: 'Request logs' },
  { path: '/webhooks', name: 'Webhooks' },
  { path: '/events', name: 'Events' },
  { path: '/bookings', name: 'Bookings' },
  { path: '/invoices', name: 'Invoices' },
] as const;

/** Banner (who is signed in, which tenant), the pages' navigation, and the page itself in `main`. */
export function Layout({ user, children }: { user: StaffProfile; children: ReactNode }) {
  const [location] = useLocation();
  const carry = useCarry();
  const tenant = useChosenTenant();
  return (
    <div className="shell">
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="banner">
        <p className="brand">Partner console</p>
        <div className="who">
          <span>
            {user.name} · {user.platform ? 'platform staff' : user.roleName}
          </span>
          {user.platform ? <TenantPicker /> : null}
          <button type="button" className="secondary" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </header>
      <nav aria-label="Console" className="nav">
        <ul>
          {PAGES.map((page) => {
            const current =
              page.path === '/'
                ? location === '/'
                : location === page.path || location.startsWith(`${page.path}/`);
            return (
              <li key={page.path}>
                <Link href={carry(page.path)} aria-current={current ? 'page' : undefined}>
                  {page.name}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <main id="main" className="content" tabIndex={-1}>
        {user.platform && !tenant ? (
          <>
            <h1>Choose a tenant</h1>
            <p>
              Platform staff open a tenant's console read-only: choose the tenant above. Every view is
              recorded in the audit log.
            </p>
          </>
        ) : (
          children
        )}
      </main>
    </div>
  );
}

/** Platform staff only: which tenant's console to open (`?tenant=`). */
function TenantPicker() {
  const { get, set } = useUrlState();
  const tenants = useLoad(() => callList<Schemas['Tenant']>('/admin/tenant-directory', { limit: '100' }), []);
  return (
    <label className="inline">
      Tenant{' '}
      <select
        value={get('tenant')}
        onChange={(event) => set({ tenant: event.target.value, cursor: undefined })}
      >
        <option value="">Choose a tenant</option>
        {(tenants.outcome?.data ?? []).map((tenant) => (
          <option key={tenant.id} value={tenant.id}>
            {tenant.name}
          </option>
        ))}
      </select>
    </label>
  );
}
