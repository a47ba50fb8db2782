import { useState, type FormEvent } from 'react';
import { errorText, lastName, register, signInWithCode, signInWithPasskey, type Session } from '../api.js';

/**
 * Signing in: a new player by name, or back to an existing one with a passkey or a one-time code shown by
 * a device that is signed in. Each way gives this browser a token of its own (kept in localStorage).
 */
export function Login({ onSignIn }: { onSignIn: (session: Session) => void }) {
  const [name, setName] = useState(lastName);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const attempt = async (signIn: () => Promise<Session>) => {
    setBusy(true);
    setError(null);
    try {
      onSignIn(await signIn());
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const submitName = (event: FormEvent) => {
    event.preventDefault();
    void attempt(() => register(name.trim()));
  };
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    void attempt(() => signInWithCode(code.trim()));
  };
  return (
    <>
      <section className="card narrow">
        <h1>Welcome aboard</h1>
        <p>Choose a name to play Puerto Rico, Navegador, Meuterer and Voyages. Your token is kept in this browser; add a passkey to come back after signing out.</p>
        <form onSubmit={submitName}>
          <label htmlFor="name">Your name</label>
          <input id="name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={40} autoComplete="nickname" autoFocus />
          <button type="submit" disabled={busy || name.trim() === ''}>Start playing</button>
        </form>
      </section>
      <section className="card narrow" aria-labelledby="back-heading">
        <h2 id="back-heading">Welcome back</h2>
        <p>
          <button type="button" disabled={busy} onClick={() => void attempt(signInWithPasskey)}>Sign in with a passkey</button>
        </p>
        <form onSubmit={submitCode}>
          <label htmlFor="code">One-time code from a signed-in device</label>
          <input id="code" value={code} onChange={(e) => setCode(e.target.value)} maxLength={32} autoComplete="one-time-code" placeholder="ABCDE-FGHJK" />
          <button type="submit" disabled={busy || code.trim() === ''}>Sign in with the code</button>
        </form>
      </section>
      {error ? <p role="alert" className="error">{error}</p> : null}
    </>
  );
}
