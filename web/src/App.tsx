/**
 * The shell: sign-in (a name, a passkey, a one-time code, or a token handed over in the URL), the lobby,
 * the account, and one page per game. Routes live in the URL's hash (`#/games/<id>`), so the built files
 * work from any static host with no server-side rewrites.
 *
 * A site that signs its users in itself mints a token for them and opens `…/#token=<token>`: the client
 * keeps it as its session and removes it from the address bar (a fragment never reaches a server).
 */
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LanguagePicker } from './i18n/language.js';
import { errorText, loadSession, revokeOwnToken, saveSession, sessionFromToken, waysBack, type Session } from './api.js';
import { Login } from './pages/Login.js';
import { Lobby } from './pages/Lobby.js';
import { GamePage } from './pages/GamePage.js';
import { Account } from './pages/Account.js';

function currentRoute(): string {
  return window.location.hash.replace(/^#/, '') || '/';
}

/** A token handed over as `#token=…`, taken out of the address bar. */
function handedToken(): string | null {
  const match = /^#token=([\w.~-]+)$/.exec(window.location.hash);
  if (!match) return null;
  history.replaceState(null, '', window.location.pathname + window.location.search + '#/');
  return match[1]!;
}

export function App() {
  const intl = useIntl();
  const [session, setSession] = useState<Session | null>(loadSession);
  const [route, setRoute] = useState(currentRoute);
  const [warning, setWarning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const onHash = () => setRoute(currentRoute());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  useEffect(() => {
    const token = handedToken();
    if (!token) return;
    setRoute('/');
    sessionFromToken(token).then(signIn, (e: unknown) => setError(intl.formatMessage({ id: 'app.badToken' }, { error: errorText(e) })));
  }, []);

  const signIn = (next: Session) => {
    saveSession(next);
    setSession(next);
    setError(null);
  };
  const forget = () => {
    saveSession(null);
    setSession(null);
    setWarning(false);
    window.location.hash = '#/'; // the next sign-in starts in the lobby, not on the last page
  };
  /** Signs out for real (the token is revoked), once it is clear there is a way back. */
  const signOut = async (anyway = false) => {
    if (!session) return;
    if (!anyway) {
      // A token without the `tokens` scope (a site's) cannot tell; its site is the way back.
      const ways = await waysBack(session).catch(() => null);
      if (ways && ways.passkeys === 0 && ways.otherTokens === 0) return setWarning(true);
    }
    await revokeOwnToken(session).catch(() => undefined);
    forget();
  };

  const game = /^\/games\/([0-9a-f-]{36})$/.exec(route);
  return (
    <>
      <a className="skip" href="#main" onClick={(e) => { e.preventDefault(); document.getElementById('main')?.focus(); }}><FormattedMessage id="app.skip" /></a>
      <header className="top">
        <a className="brand" href="#/">Portolan</a>
        <nav aria-label="Main">
          <a href="#/"><FormattedMessage id="app.lobby" /></a>
          {session ? <a href="#/account"><FormattedMessage id="app.account" /></a> : null}
        </nav>
        {session ? (
          <div className="who">
            <span><FormattedMessage id="app.playingAs" values={{ name: <strong data-testid="me">{session.name}</strong> }} /></span>
            <button type="button" className="link" onClick={() => void signOut()}><FormattedMessage id="app.signOut" /></button>
          </div>
        ) : null}
        <LanguagePicker />
      </header>
      <main id="main" tabIndex={-1}>
        {warning ? (
          <section className="card narrow" role="alertdialog" aria-labelledby="warning-heading" aria-describedby="warning-text">
            <h2 id="warning-heading"><FormattedMessage id="app.noWayBack" /></h2>
            <p id="warning-text">
              <FormattedMessage id="app.noWayBackText" values={{ name: session?.name ?? '' }} />
            </p>
            <p>
              <a href="#/account" onClick={() => setWarning(false)}><FormattedMessage id="app.addPasskey" /></a>{' '}
              <button type="button" onClick={() => void signOut(true)}><FormattedMessage id="app.signOutAnyway" /></button>{' '}
              <button type="button" className="link" onClick={() => setWarning(false)}><FormattedMessage id="app.staySignedIn" /></button>
            </p>
          </section>
        ) : null}
        {error ? <p role="alert" className="error">{error}</p> : null}
        {!session ? <Login onSignIn={signIn} /> : game ? <GamePage key={game[1]} id={game[1]!} session={session} /> : route === '/account' ? <Account session={session} /> : <Lobby session={session} />}
      </main>
    </>
  );
}
