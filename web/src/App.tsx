/**
 * The shell: a name (token in localStorage), the lobby, and one page per game. Routes live in the URL's
 * hash (`#/games/<id>`), so the built files work from any static host with no server-side rewrites.
 */
import { useEffect, useState } from 'react';
import { loadSession, saveSession, type Session } from './api.js';
import { Login } from './pages/Login.js';
import { Lobby } from './pages/Lobby.js';
import { GamePage } from './pages/GamePage.js';

function currentRoute(): string {
  return window.location.hash.replace(/^#/, '') || '/';
}

export function App() {
  const [session, setSession] = useState<Session | null>(loadSession);
  const [route, setRoute] = useState(currentRoute);
  useEffect(() => {
    const onHash = () => setRoute(currentRoute());
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);

  const signIn = (next: Session) => {
    saveSession(next);
    setSession(next);
  };
  const signOut = () => {
    saveSession(null);
    setSession(null);
  };

  const game = /^\/games\/([0-9a-f-]{36})$/.exec(route);
  return (
    <>
      <a className="skip" href="#main" onClick={(e) => { e.preventDefault(); document.getElementById('main')?.focus(); }}>Skip to content</a>
      <header className="top">
        <a className="brand" href="#/">Portolan</a>
        <nav aria-label="Main">
          <a href="#/">Lobby</a>
        </nav>
        {session ? (
          <div className="who">
            <span>Playing as <strong data-testid="me">{session.name}</strong></span>
            <button type="button" className="link" onClick={signOut}>Sign out</button>
          </div>
        ) : null}
      </header>
      <main id="main" tabIndex={-1}>
        {!session ? <Login onSignIn={signIn} /> : game ? <GamePage key={game[1]} id={game[1]!} session={session} /> : <Lobby session={session} />}
      </main>
    </>
  );
}
