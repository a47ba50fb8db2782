import { useState, type FormEvent } from 'react';
import { errorText, lastName, register, type Session } from '../api.js';

/** Choose a name: registers a player; the token stays in this browser (localStorage). */
export function Login({ onSignIn }: { onSignIn: (session: Session) => void }) {
  const [name, setName] = useState(lastName);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onSignIn(await register(name.trim()));
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card narrow">
      <h1>Welcome aboard</h1>
      <p>Choose a name to play Puerto Rico, Navegador, Meuterer and Voyages. Your token is kept in this browser.</p>
      <form onSubmit={submit}>
        <label htmlFor="name">Your name</label>
        <input id="name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={40} autoComplete="nickname" autoFocus />
        <button type="submit" disabled={busy || name.trim() === ''}>Start playing</button>
      </form>
      {error ? <p role="alert" className="error">{error}</p> : null}
    </section>
  );
}
