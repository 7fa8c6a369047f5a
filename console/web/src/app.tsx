import { useEffect, useState, useSyncExternalStore } from 'react';
import { Redirect, Route, Router, Switch, useLocation, useSearch } from 'wouter';
import { currentUser, onSessionChange, refresh, type StaffProfile } from './api/session';
import { Layout } from './layout';
import { BookingDetailPage } from './pages/booking-detail';
import { BookingsPage } from './pages/bookings';
import { EventsPage } from './pages/events';
import { InvoicesPage } from './pages/invoices';
import { KeysPage } from './pages/keys';
import { OverviewPage } from './pages/overview';
import { RequestLogDetailPage } from './pages/request-log-detail';
import { RequestLogsPage } from './pages/request-logs';
import { SignInPage } from './pages/sign-in';
import { WebhooksPage } from './pages/webhooks';
import { Loading } from './ui/errors';

/** Every page of the console, under `/console` (the gateway's path for it); the URLs are in docs/console.md. */
export function App() {
  const user = useSyncExternalStore(onSessionChange, currentUser);
  const [resuming, setResuming] = useState(true);
  useEffect(() => {
    // A reload of this tab: its refresh token (sessionStorage) signs in again without the password.
    refresh().finally(() => setResuming(false));
  }, []);
  return (
    <Router base="/console">
      {resuming && !user ? (
        <main id="main" className="centered">
          <Loading what="your session" />
        </main>
      ) : !user ? (
        <Switch>
          <Route path="/sign-in" component={SignInPage} />
          <Route>
            <ToSignIn />
          </Route>
        </Switch>
      ) : (
        <Switch>
          <Route path="/sign-in">
            <BackFromSignIn />
          </Route>
          <Route>
            <Pages user={user} />
          </Route>
        </Switch>
      )}
    </Router>
  );
}

/** Signed out: the sign-in page, remembering the page asked for (`?next=`). */
function ToSignIn() {
  const [location] = useLocation();
  const search = useSearch();
  const next = `${location}${search ? `?${search}` : ''}`;
  return <Redirect to={next === '/' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(next)}`} replace />;
}

/** Signed in on the sign-in page: back to the page asked for, a path of the console only. */
function BackFromSignIn() {
  const next = new URLSearchParams(useSearch()).get('next') ?? '/';
  return <Redirect to={next.startsWith('/') && !next.startsWith('//') ? next : '/'} replace />;
}

function Pages({ user }: { user: StaffProfile }) {
  return (
    <Layout user={user}>
      <Switch>
        <Route path="/" component={OverviewPage} />
        <Route path="/keys" component={KeysPage} />
        <Route path="/logs" component={RequestLogsPage} />
        <Route path="/logs/:requestId" component={RequestLogDetailPage} />
        <Route path="/webhooks" component={WebhooksPage} />
        <Route path="/events" component={EventsPage} />
        <Route path="/bookings" component={BookingsPage} />
        <Route path="/bookings/:id" component={BookingDetailPage} />
        <Route path="/invoices" component={InvoicesPage} />
        <Route>
          <h1>Page not found</h1>
          <p>There is no such page in the console.</p>
        </Route>
      </Switch>
    </Layout>
  );
}
