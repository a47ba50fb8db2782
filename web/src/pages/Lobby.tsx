/**
 * The lobby: games waiting on you (with deadlines), games you are in, open games to join, and a form to
 * create a game of any hosted type with its options and bots in any seats. Refreshed live by the
 * `myTurn` subscription and a slow poll while the tab is visible (new games have no stream).
 */
import { useCallback, useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { api, errorText, seatNames, subscribe, unwrap, type Game, type Session } from '../api.js';
import { OptionsForm, defaultOptions } from './OptionsForm.js';
import { DeadlineText, GameTitle, useGameTypes, type GameType } from './common.js';
import { useTabTitle } from './turn-signals.js';

const names = (game: Game) => seatNames(game).map((s) => s.name).join(', ');

/** One of the lobby's lists: a titled card, "Loading…" until read, a sentence when empty. */
function GameList({ id, title, empty, games, item }: { id: string; title: string; empty: string; games: Game[] | null; item: (game: Game) => ReactNode }) {
  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {games === null ? <p>Loading…</p> : games.length === 0 ? <p>{empty}</p> : (
        <ul className="games" data-testid={id}>
          {games.map((g) => <li key={g.id}>{item(g)}</li>)}
        </ul>
      )}
    </section>
  );
}

export function Lobby({ session }: { session: Session }) {
  const client = useMemo(() => api(session), [session]);
  const [turns, setTurns] = useState<Game[] | null>(null);
  const [mine, setMine] = useState<Game[] | null>(null);
  const [open, setOpen] = useState<Game[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    try {
      const [t, m, o] = await Promise.all([
        unwrap(client.api.GET('/v1/me/turns', { params: { query: { limit: 50 } } })),
        unwrap(client.api.GET('/v1/games', { params: { query: { player: session.playerId, limit: 50 } } })),
        unwrap(client.api.GET('/v1/games', { params: { query: { status: 'waiting', limit: 50 } } })),
      ]);
      setTurns(t.items);
      // Games waiting on you first, then those waiting for players, then the rest; finished ones last.
      const onMe = new Set(t.items.map((g) => g.id));
      const rank = (g: Game) => (onMe.has(g.id) ? 0 : g.status === 'waiting' ? 1 : g.status === 'active' ? 2 : 3);
      setMine(m.items.filter((g) => g.status === 'active' || g.status === 'waiting' || g.status === 'finished').sort((a, b) => rank(a) - rank(b)));
      setOpen(o.items.filter((g) => !g.seats.some((s) => s.player?.id === session.playerId) && g.seats.some((s) => !s.player && !s.bot)));
      setError(null);
    } catch (e) {
      setError(errorText(e));
    }
  }, [client, session.playerId]);

  useEffect(() => {
    void refresh();
    // Turns come by the subscription; new open games have no stream: a slow poll while the tab is seen.
    const timer = setInterval(() => {
      if (!document.hidden) void refresh();
    }, 15_000);
    const stop = subscribe(session, 'subscription { myTurn { gameId } }', {}, () => void refresh());
    return () => {
      clearInterval(timer);
      stop();
    };
  }, [refresh, session]);

  useTabTitle(turns && turns.length > 0 ? `(${turns.length}) Your turn` : null);

  const join = async (game: Game) => {
    try {
      await unwrap(client.api.POST('/v1/games/{id}/join', { params: { path: { id: game.id } }, body: {} }));
      window.location.hash = `#/games/${game.id}`;
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <div className="lobby">
      {error ? <p role="alert" className="error">{error}</p> : null}
      <GameList id="my-turn" title="Your turn" empty="No game is waiting on you." games={turns} item={(g) => (
        <>
          <a href={`#/games/${g.id}`}><GameTitle game={g} /></a>
          <span> with {names(g)}</span>
          <DeadlineText game={g} playerId={session.playerId} />
        </>
      )} />
      <GameList id="my-games" title="Your games" empty="You are in no game yet." games={mine} item={(g) => (
        <>
          <a href={`#/games/${g.id}`}><GameTitle game={g} /></a> <span className={`status ${g.status}`}>{g.status}</span>
          <span> with {names(g)}</span>
        </>
      )} />
      <GameList id="open-games" title="Open games" empty="No game is looking for players." games={open} item={(g) => (
        <>
          <GameTitle game={g} /> <span>seats: {names(g)}</span>{' '}
          <button type="button" onClick={() => void join(g)} aria-label={`Join ${g.type} game ${g.id.slice(0, 8)}`}>Join</button>
        </>
      )} />
      <CreateGame session={session} onError={setError} />
    </div>
  );
}

type SeatChoice = 'me' | 'open' | `bot:${string}`;

/**
 * The rating of each bot level on this game type's leaderboard (mu - 3 sigma, from the rated games it
 * played here), so a person can tell how strong a level is before seating it.
 */
function useBotRatings(typeId: string): Map<string, number> {
  const [ratings, setRatings] = useState<Map<string, number>>(new Map());
  useEffect(() => {
    let live = true;
    api(null).api.GET('/v1/game-types/{type}/leaderboard', { params: { path: { type: typeId }, query: { limit: 100 } } })
      .then(({ data }) => {
        if (!live || !data) return;
        setRatings(new Map(data.items.flatMap((item) => (item.bot ? [[item.bot, item.rating.ordinal] as const] : []))));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [typeId]);
  return ratings;
}

function botLabel(level: string, ratings: Map<string, number>): string {
  const rating = ratings.get(level);
  return `Bot: ${level} (${rating === undefined ? 'not rated yet' : `rating ${rating.toFixed(1)}`})`;
}

function CreateGame({ session, onError }: { session: Session; onError: (e: string | null) => void }) {
  const types = useGameTypes();
  const [typeId, setTypeId] = useState('puerto-rico');
  const type: GameType | undefined = types?.find((t) => t.id === typeId);
  const [seatCount, setSeatCount] = useState(3);
  const [options, setOptions] = useState<Record<string, unknown>>({});
  const [seats, setSeats] = useState<SeatChoice[]>([]);
  const [busy, setBusy] = useState(false);
  const ratings = useBotRatings(typeId);

  // A new game type: its default options and seat count, me in seat 1 and its first bot level elsewhere.
  useEffect(() => {
    if (!type) return;
    setOptions(defaultOptions(type.optionsSchema));
    const count = Math.min(Math.max(3, type.players.min), type.players.max);
    setSeatCount(count);
  }, [type]);
  useEffect(() => {
    if (!type) return;
    const bot: SeatChoice = `bot:${type.botLevels[0] ?? 'random'}`;
    setSeats((previous) => Array.from({ length: seatCount }, (_, i) => previous[i] ?? (i === 0 ? 'me' : bot)));
  }, [seatCount, type]);

  if (!types) return <section className="card"><h2>New game</h2><p>Loading game types…</p></section>;

  const mySeat = seats.indexOf('me');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    onError(null);
    try {
      const client = api(session);
      const bots = seats.flatMap((s, seat) => (s.startsWith('bot:') ? [{ seat, level: s.slice(4) }] : []));
      const game = await unwrap(client.api.POST('/v1/games', {
        body: { type: typeId, seats: seatCount, options, bots, ...(mySeat >= 0 ? { seat: mySeat } : { join: false }) },
      }));
      // Nobody else to wait for: start at once.
      if (!seats.includes('open')) await unwrap(client.api.POST('/v1/games/{id}/start', { params: { path: { id: game.id } } }));
      window.location.hash = `#/games/${game.id}`;
    } catch (e) {
      onError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="new-heading">
      <h2 id="new-heading">New game</h2>
      <form onSubmit={submit} className="create">
        <div className="field">
          <label htmlFor="game-type">Game</label>
          <select id="game-type" value={typeId} onChange={(e) => setTypeId(e.target.value)}>
            {types.map((t) => <option key={t.id} value={t.id}>{t.title}</option>)}
          </select>
        </div>
        {type ? (
          <>
            <div className="field">
              <label htmlFor="seat-count">Players</label>
              <input id="seat-count" type="number" min={type.players.min} max={type.players.max} value={seatCount}
                onChange={(e) => setSeatCount(Math.min(type.players.max, Math.max(type.players.min, Number(e.target.value) || type.players.min)))} />
              <small className="hint">{type.players.min} to {type.players.max}</small>
            </div>
            <fieldset>
              <legend>Seats</legend>
              {seats.map((choice, i) => (
                <div className="field" key={i}>
                  <label htmlFor={`seat-${i}`}>Seat {i + 1}</label>
                  <select id={`seat-${i}`} value={choice} onChange={(e) => {
                    const value = e.target.value as SeatChoice;
                    setSeats(seats.map((s, j) => (j === i ? value : value === 'me' && s === 'me' ? 'open' : s)));
                  }}>
                    <option value="me">Me ({session.name})</option>
                    <option value="open">Open for a player</option>
                    {type.botLevels.map((level) => <option key={level} value={`bot:${level}`}>{botLabel(level, ratings)}</option>)}
                  </select>
                </div>
              ))}
            </fieldset>
            <OptionsForm schema={type.optionsSchema} value={options} onChange={setOptions} />
          </>
        ) : null}
        <button type="submit" disabled={busy || !type}>{seats.includes('open') ? 'Create game' : 'Create and start'}</button>
      </form>
    </section>
  );
}
