/**
 * The account: passkeys to sign in again after signing out, a one-time code that signs another device in,
 * and the devices (tokens) signed in now, each of which can be signed out from here.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { addPasskey, api, errorText, revokeToken, unwrap, type Session } from '../api.js';

interface Passkey { id: string; label: string; createdAt: string }
interface Token { id: string; label: string; current: boolean; lastUsedAt: string | null }

export function Account({ session }: { session: Session }) {
  const client = useMemo(() => api(session), [session]);
  const [passkeys, setPasskeys] = useState<Passkey[] | null>(null);
  const [tokens, setTokens] = useState<Token[] | null>(null);
  const [code, setCode] = useState<{ code: string; expiresAt: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(async () => {
    try {
      const [p, t] = await Promise.all([unwrap(client.api.GET('/v1/me/passkeys')), unwrap(client.api.GET('/v1/me/tokens'))]);
      setPasskeys(p.items);
      setTokens(t.items);
    } catch (e) {
      setError(errorText(e));
    }
  }, [client]);
  useEffect(() => void refresh(), [refresh]);

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      await refresh();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <section className="card" aria-labelledby="passkeys-heading">
        <h1 id="passkeys-heading">Passkeys</h1>
        <p>A passkey signs you back in as {session.name} after you sign out, on this device or one that shares your passkeys.</p>
        {passkeys === null ? <p>Loading…</p> : passkeys.length === 0 ? <p>No passkey yet.</p> : (
          <ul data-testid="passkeys">{passkeys.map((p) => <li key={p.id}>{p.label} (added {new Date(p.createdAt).toLocaleDateString()})</li>)}</ul>
        )}
        <button type="button" disabled={busy} onClick={() => void act(() => addPasskey(session, `${session.name}'s passkey`))}>Add a passkey</button>
      </section>
      <section className="card" aria-labelledby="device-heading">
        <h2 id="device-heading">Another device</h2>
        <p>Show a one-time code here and type it on the other device's sign-in page, within 10 minutes.</p>
        <button type="button" disabled={busy} onClick={() => void act(async () => setCode(await unwrap(client.api.POST('/v1/me/device-codes'))))}>Show a one-time code</button>
        {code ? <p>Code: <output data-testid="device-code">{code.code}</output> (until {new Date(code.expiresAt).toLocaleTimeString()})</p> : null}
      </section>
      <section className="card" aria-labelledby="tokens-heading">
        <h2 id="tokens-heading">Signed in now</h2>
        {tokens === null ? <p>Loading…</p> : (
          <ul data-testid="tokens">
            {tokens.map((t) => (
              <li key={t.id}>
                {t.label}{t.current ? ' (this browser)' : ''}{t.lastUsedAt ? `, last used ${new Date(t.lastUsedAt).toLocaleString()}` : ''}{' '}
                {t.current ? null : <button type="button" className="link" disabled={busy} onClick={() => void act(() => revokeToken(session, t.id))}>Sign out {t.label}</button>}
              </li>
            ))}
          </ul>
        )}
      </section>
      {error ? <p role="alert" className="error">{error}</p> : null}
    </>
  );
}
