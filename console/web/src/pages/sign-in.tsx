import { type FormEvent, useState } from 'react';
import { signIn } from '../api/session';

/** Staff sign-in: a tenant's staff see their tenant; platform staff choose one to open read-only. */
export function SignInPage() {
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setMessage(null);
    const result = await signIn(String(form.get('email') ?? ''), String(form.get('password') ?? ''));
    setBusy(false);
    if (!result.ok) setMessage(result.message ?? 'Sign-in failed.');
  }
  return (
    <main id="main" className="centered">
      <form className="card sign-in" onSubmit={submit} aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">Sign in to the partner console</h1>
        <label>
          Email
          <input name="email" type="email" autoComplete="username" required />
        </label>
        <label>
          Password
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        {message ? (
          <p className="notice notice-error" role="alert">
            {message}
          </p>
        ) : null}
        <button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
