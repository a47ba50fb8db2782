/**
 * One game: its seats and status, the board of its type (boards/index.ts) fed with the caller's view and
 * legal moves, the readable history, and a slider that replays any past state (`GET state?at=N`).
 * Live, driven by the server's signals: before the start, the `gameUpdated` subscription says when a seat
 * fills or the game starts (one read each); during play, `gameMoves` carries each committed move into the
 * history and asks for one read of the new position; a move's own answer does too, and the two are
 * coalesced (one read at a time, again only if a newer version is known, at most a few in a row). A slow
 * safety poll covers a lost connection; every request waits out a 429/503's Retry-After (api.ts).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLanguage } from '../i18n/language.js';
import { api, backoffRemaining, errorText, refusalExplanations, seatNames, subscribe, unwrap, PortolanError, type Game, type Session } from '../api.js';
import { boardFor } from '../boards/index.js';
import { count, DeadlineText, GameTitle, TITLES } from './common.js';
import { NotificationOffer, useTabTitle, useTurnNotification } from './turn-signals.js';

interface HistoryItem {
  seq: number;
  seat: number | null;
  kind: string;
  move: unknown;
  log: { text: string; type: string }[];
  at?: string;
}

interface Live {
  version: number;
  seat: number | null;
  view: any;
  moves: unknown[];
  families: unknown[];
  /** The server says the caller's latest move may be taken back now (POST undo would be accepted). */
  undoable: boolean;
}

/** The most reads one refresh makes in a row (a burst of moves needs two or three). */
const MAX_READS_IN_A_ROW = 4;
const CATCH_UP_PAUSE_MS = 1000;
const SAFETY_POLL_MS = 30_000;

export function GamePage({ id, session }: { id: string; session: Session }) {
  const client = useMemo(() => api(session), [session]);
  const [game, setGame] = useState<Game | null>(null);
  const [live, setLive] = useState<Live | null>(null);
  const [history, setHistory] = useState<HistoryItem[]>([]);
  const [at, setAt] = useState<number | null>(null);
  const [past, setPast] = useState<{ at: number; view: any } | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The last refusal's code, explained in the client's language below the (English) error.
  const [refusal, setRefusal] = useState<string | null>(null);
  const [explanations, setExplanations] = useState<Record<string, string>>({});
  const { language } = useLanguage();
  useEffect(() => {
    if (game?.type) void refusalExplanations(game.type).then(setExplanations, () => undefined);
  }, [game?.type, language]);
  const generation = useRef(0);
  const historyRef = useRef<HistoryItem[]>([]);

  const mySeats = useMemo(() => (game ? game.seats.filter((s) => s.player?.id === session.playerId).map((s) => s.index) : []), [game, session.playerId]);

  const summaryRef = useRef<Game | null>(null);
  /** The newest version known to exist (from a move's answer or the subscription), and the one shown. */
  const latest = useRef(0);
  const shown = useRef(-1);
  /** The one refresh under way (refreshes never overlap), and whether another must follow it. */
  const inFlight = useRef<Promise<void> | null>(null);
  const again = useRef(false);
  /** Whether the last read was refused for load (its notice goes once a read succeeds). */
  const throttled = useRef(false);
  /** The refresh function, for a read scheduled from inside a read. */
  const refreshRef = useRef<() => Promise<void>>(async () => undefined);
  /** Whether the history must be read over REST (at first, and after the subscription skipped a move). */
  const historyStale = useRef(true);
  /** The version after which the subscription streams moves: set once the history was first read. */
  const [streamFrom, setStreamFrom] = useState<number | null>(null);

  /** Appends moves in order; a move that skips one means the subscription missed some: read them over REST. */
  const addHistory = useCallback((items: HistoryItem[]) => {
    let merged = historyRef.current;
    for (const item of items) {
      const last = merged.length > 0 ? merged[merged.length - 1]!.seq : null;
      if (last !== null && item.seq <= last) continue;
      if (last === null ? item.seq > 1 : item.seq > last + 1) {
        historyStale.current = true;
        break;
      }
      merged = [...merged, item];
    }
    if (merged !== historyRef.current) {
      historyRef.current = merged;
      setHistory(merged);
    }
  }, []);

  /**
   * One read of the game, the caller's view and legal moves (in parallel; again if a move landed in
   * between). The history comes from the subscription, which carries each move; it is read over REST
   * only at first and when a gap shows. Returns whether it succeeded.
   */
  const load = useCallback(async (): Promise<boolean> => {
    const mine = ++generation.current;
    try {
      for (let attempt = 0; ; attempt++) {
        const known = summaryRef.current;
        const seats = known ? known.seats.filter((s) => s.player?.id === session.playerId).map((s) => s.index) : [];
        // The seat to play for: the one to move when the caller holds several (a hot-seat game).
        const seat = known ? seats.find((s) => known.toMove.includes(s)) ?? seats[0] : undefined;
        const started = known !== null && known.status !== 'waiting' && known.status !== 'aborted';
        const readHistory = started && historyStale.current;
        const historyBase = historyRef.current;
        const [summary, state, legal, added] = await Promise.all([
          unwrap(client.api.GET('/v1/games/{id}', { params: { path: { id } } })),
          started ? unwrap(client.api.GET('/v1/games/{id}/state', { params: { path: { id }, query: {} } })) : null,
          started && seat !== undefined ? unwrap(client.api.GET('/v1/games/{id}/legal-moves', { params: { path: { id }, query: { seat } } })) : null,
          readHistory ? newHistory(historyBase) : [],
        ]);
        if (mine !== generation.current) return false;
        summaryRef.current = summary;
        latest.current = Math.max(latest.current, summary.version);
        const startedNow = summary.status !== 'waiting' && summary.status !== 'aborted';
        const consistent = startedNow === started && (!state || state.version === summary.version) && (!legal || legal.version === summary.version);
        if (!consistent && attempt < 3) continue;
        // Still torn by a stream of moves: show what was read, and read again.
        if (!consistent) again.current = true;
        if (readHistory) {
          historyStale.current = false;
          addHistory(added);
          const read = historyRef.current;
          setStreamFrom((from) => from ?? (read.length > 0 ? read[read.length - 1]!.seq : 0));
        }
        setGame(summary);
        if (throttled.current) {
          throttled.current = false;
          setError(null);
        }
        // Before the start there is no position to read: the summary is all there is to show.
        shown.current = state ? state.version : summary.version;
        setLive(state ? { version: state.version, seat: state.seat, view: state.view, ...(legal && legal.version === state.version ? { moves: legal.moves, families: legal.families, undoable: legal.undoable } : { moves: [], families: [], undoable: false }) } : null);
        return true;
      }
    } catch (e) {
      if (mine !== generation.current) return false;
      if (e instanceof PortolanError && (e.status === 429 || e.status === 503)) {
        // Refused for load: read again once the server's Retry-After has passed (api.ts holds requests till then).
        throttled.current = true;
        setError('The server asked this page to slow down; it will catch up in a moment.');
        setTimeout(() => void refreshRef.current(), backoffRemaining() + 50);
      } else setError(errorText(e));
      return false;
    }

    /** Moves after those already read: a history cursor is the version of the last move read. */
    async function newHistory(known: HistoryItem[]): Promise<HistoryItem[]> {
      let cursor: string | undefined = known.length > 0 ? String(known[known.length - 1]!.seq) : undefined;
      const added: HistoryItem[] = [];
      for (;;) {
        const page = await unwrap(client.api.GET('/v1/games/{id}/moves', { params: { path: { id }, query: { limit: 200, ...(cursor ? { cursor } : {}) } } }));
        added.push(...(page.items as HistoryItem[]));
        if (!page.nextCursor) return added;
        cursor = page.nextCursor;
      }
    }
  }, [client, id, session.playerId]);

  /**
   * Refreshes until the page shows the newest version known: one read at a time, and a burst of moves
   * (the caller's, then the bots' answers) costs one read more at most, not one per move and per signal.
   */
  const refresh = useCallback((): Promise<void> => {
    again.current = true;
    if (inFlight.current) return inFlight.current;
    const run = (async () => {
      // Bounded: a few reads in a row at most; still behind a burst of moves, the page reads again a
      // second later rather than at once.
      for (let reads = 0; ; reads++) {
        if (!(again.current || latest.current > shown.current)) return;
        if (reads === MAX_READS_IN_A_ROW) {
          setTimeout(() => void refreshRef.current(), CATCH_UP_PAUSE_MS);
          return;
        }
        again.current = false;
        if (!(await load())) return;
        const status = summaryRef.current?.status;
        if (historyStale.current && status !== 'waiting' && status !== 'aborted') again.current = true;
      }
    })().finally(() => {
      inFlight.current = null;
    });
    inFlight.current = run;
    return run;
  }, [load]);
  refreshRef.current = refresh;

  /** A version is known to exist: read it unless it is shown or a read under way started after it existed. */
  const reached = useCallback((version: number) => {
    if (version <= latest.current) return;
    latest.current = version;
    if (version > shown.current && !inFlight.current) void refresh();
  }, [refresh]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  // Live: each move after the history first read, in order, redacted for the caller (a reconnect replays
  // from there; the moves already known are skipped).
  useEffect(() => {
    if (streamFrom === null) return;
    return subscribe<{ gameMoves: HistoryItem }>(session, 'subscription ($id: ID!, $from: Int) { gameMoves(id: $id, fromVersion: $from) { seq seat kind move log at } }', { id, from: streamFrom }, (data) => {
      addHistory([data.gameMoves]);
      reached(data.gameMoves.seq);
    });
  }, [addHistory, id, reached, session, streamFrom]);

  // Before the start: a read each time a seat fills or the game starts or is aborted (the subscription's
  // first message is the current summary, so a join while it connected is not missed).
  const waiting = game?.status === 'waiting';
  useEffect(() => {
    if (!waiting) return;
    return subscribe<{ gameUpdated: { status: string } }>(session, 'subscription ($id: ID!) { gameUpdated(id: $id) { status } }', { id }, () => void refresh());
  }, [id, refresh, session, waiting]);

  // A slow safety poll, in case a connection was lost without the page noticing; none once the game ended.
  const over = game?.status === 'finished' || game?.status === 'aborted';
  useEffect(() => {
    if (over) return;
    const timer = setInterval(() => {
      if (!document.hidden) void refresh();
    }, SAFETY_POLL_MS);
    return () => clearInterval(timer);
  }, [refresh, over]);

  // A past state: fetched when the slider leaves the present.
  useEffect(() => {
    if (at === null || !live || at >= live.version) {
      setPast(null);
      return;
    }
    let current = true;
    unwrap(client.api.GET('/v1/games/{id}/state', { params: { path: { id }, query: { at } } }))
      .then((s) => current && setPast({ at, view: s.view }))
      .catch((e) => current && setError(errorText(e)));
    return () => { current = false; };
  }, [at, client, id, live]);

  const onMove = useCallback(async (move: unknown) => {
    if (!game || !live || sending) return;
    setSending(true);
    setError(null);
    try {
      const seat = live.seat ?? undefined;
      // While several seats act at once (a Voyages round), others' moves keep changing the version without
      // changing what this seat may do: the service applies a move sent without expectedVersion to the
      // latest state and refuses it only if it is no longer legal there (DESIGN: simultaneous play).
      const simultaneous = game.toMove.length > 1;
      const answer = await client.game(game.type as 'puerto-rico', id).move(move as never, {
        ...(simultaneous ? {} : { expectedVersion: live.version }),
        idempotencyKey: crypto.randomUUID(),
        ...(seat !== undefined && mySeats.length > 1 ? { seat } : {}),
      });
      reached(answer.version);
    } catch (e) {
      // A move raced by another (a bot's, a simultaneous player's): the fresh state says what is legal now.
      setRefusal(e instanceof PortolanError ? e.code : null);
      setError(e instanceof PortolanError && e.code === 'STALE_VERSION' ? 'The game moved on before your move arrived; here is the new position.' : errorText(e));
      void refresh();
    }
    // Busy until the position after the move shows (the subscription may have started that read already).
    while (inFlight.current) await inFlight.current;
    setSending(false);
  }, [client, game, id, live, mySeats.length, reached, refresh, sending]);

  /** Takes back the caller's latest move; offered only while the server says it may (legal-moves' `undoable`). */
  const onUndo = useCallback(async () => {
    if (!live || sending) return;
    setSending(true);
    setError(null);
    try {
      const seat = live.seat ?? undefined;
      const answer = await unwrap(client.api.POST('/v1/games/{id}/undo', {
        params: { path: { id } },
        body: { expectedVersion: live.version, ...(seat !== undefined && mySeats.length > 1 ? { seat } : {}) },
      }));
      reached(answer.version);
    } catch (e) {
      setError(errorText(e));
      void refresh();
    }
    while (inFlight.current) await inFlight.current;
    setSending(false);
  }, [client, id, live, mySeats.length, reached, refresh, sending]);

  // The tab says whose turn it is, so a player with the page in the background sees it.
  const turnNow = game !== null && live !== null && game.status === 'active' && live.seat !== null && game.toMove.includes(live.seat);
  const gameName = game ? `${TITLES[game.type] ?? game.type} #${game.id.slice(0, 8)}` : null;
  useTabTitle(gameName === null ? null : turnNow ? `▶ Your turn · ${gameName}` : gameName);
  useTurnNotification(turnNow, gameName ?? '');

  if (!game) return <p>{error ? <span role="alert" className="error">{error}</span> : 'Loading…'}</p>;
  const players = seatNames(game);
  const viewingPast = past !== null && at !== null && live !== null && at < live.version;
  const Board = boardFor(game.type);
  const myTurn = live !== null && game.status === 'active' && live.seat !== null && game.toMove.includes(live.seat);

  return (
    <div className="game" data-status={game.status} data-version={live?.version ?? 0} data-my-turn={myTurn && !viewingPast ? 'true' : 'false'} data-busy={sending ? 'true' : 'false'}>
      <h1><GameTitle game={game} /></h1>
      <p className="status-line" aria-live="polite" data-testid="status">
        {statusText(game, players, live?.seat ?? null)}
        {myTurn ? <DeadlineText game={game} playerId={session.playerId} /> : null}
      </p>
      {mySeats.length > 0 && game.status !== 'finished' && game.status !== 'aborted' ? <NotificationOffer /> : null}
      {error ? (
        <p role="alert" className="error">
          {error} <button type="button" className="link" onClick={() => { setError(null); setRefusal(null); }}><FormattedMessage id="game.dismiss" /></button>
          {refusal && explanations[refusal] ? <span className="explanation" data-testid="refusal">{explanations[refusal]}</span> : null}
        </p>
      ) : null}
      {game.status === 'waiting' ? <Waiting game={game} session={session} onChange={refresh} onError={setError} /> : null}
      {game.status === 'finished' && game.outcome ? <Outcome game={game} players={players} /> : null}
      {live ? (
        <div className="table">
          <section className="board-area" aria-label={viewingPast ? `Board after move ${at}` : 'Board'}>
            {live.undoable && !viewingPast && game.status === 'active' ? (
              <p className="undo-bar">
                <button type="button" className="undo" disabled={sending} onClick={() => void onUndo()}>Take back my last move</button>
                <span className="hint"> Nobody has acted since, and it revealed nothing.</span>
              </p>
            ) : null}
            {viewingPast ? <p className="past-banner" role="status">Viewing the position after move {at} of {live.version}. <button type="button" onClick={() => setAt(null)}>Back to the present</button></p> : null}
            <Board
              view={viewingPast ? past!.view : live.view}
              seat={live.seat}
              players={players}
              legalMoves={viewingPast || sending ? [] : live.moves}
              families={viewingPast || sending ? [] : live.families}
              onMove={(m) => void onMove(m)}
              busy={sending || viewingPast}
            />
          </section>
          <History history={history} players={players} version={live.version} at={at} setAt={setAt} />
        </div>
      ) : null}
    </div>
  );
}

function statusText(game: Game, players: { seat: number; name: string }[], seat: number | null): string {
  const name = (s: number) => players.find((p) => p.seat === s)?.name ?? `Seat ${s + 1}`;
  switch (game.status) {
    case 'waiting': return `Waiting for players: ${count(game.seats.filter((s) => !s.player && !s.bot).length, 'open seat')}.`;
    case 'aborted': return 'This game was aborted.';
    case 'finished': return 'The game is over.';
    case 'active':
      if (seat !== null && game.toMove.includes(seat)) return game.toMove.length > 1 ? `Your turn (with ${game.toMove.filter((s) => s !== seat).map(name).join(', ')}).` : 'Your turn.';
      return `Waiting for ${game.toMove.map(name).join(', ')}.`;
  }
}

function Waiting({ game, session, onChange, onError }: { game: Game; session: Session; onChange: () => Promise<void>; onError: (e: string | null) => void }) {
  const client = api(session);
  const seated = game.seats.some((s) => s.player?.id === session.playerId);
  const creator = game.createdBy === session.playerId;
  const act = async (call: () => Promise<unknown>) => {
    onError(null);
    try {
      await call();
    } catch (e) {
      onError(errorText(e));
    }
    await onChange();
  };
  const open = game.seats.filter((s) => !s.player && !s.bot);
  return (
    <section className="card" aria-label="Seats">
      <ul className="seats">
        {seatNames(game).map((s) => <li key={s.seat}>Seat {s.seat + 1}: {s.name}</li>)}
      </ul>
      {!seated && open.length > 0 ? (
        <button type="button" onClick={() => void act(() => unwrap(client.api.POST('/v1/games/{id}/join', { params: { path: { id: game.id } }, body: {} })))}>Join this game</button>
      ) : null}
      {creator && open.length > 0 ? (
        <button type="button" onClick={() => void act(() => unwrap(client.api.POST('/v1/games/{id}/bots', { params: { path: { id: game.id } }, body: { seat: open[0]!.index } as never })))}>Put a bot in seat {open[0]!.index + 1}</button>
      ) : null}
      {creator && open.length === 0 ? (
        <button type="button" onClick={() => void act(() => unwrap(client.api.POST('/v1/games/{id}/start', { params: { path: { id: game.id } } })))}>Start the game</button>
      ) : null}
      {!creator && open.length === 0 ? <p>Waiting for the creator to start the game.</p> : null}
    </section>
  );
}

function Outcome({ game, players }: { game: Game; players: { seat: number; name: string }[] }) {
  const outcome = game.outcome!;
  const name = (s: number) => players.find((p) => p.seat === s)?.name ?? `Seat ${s + 1}`;
  return (
    <section className="card outcome" aria-labelledby="outcome-heading" data-testid="outcome">
      <h2 id="outcome-heading">Final result</h2>
      <ol>
        {outcome.ranking.map((group, place) => (
          <li key={place}>{group.map((s) => `${name(s)} (${outcome.scores[s]} points${outcome.winners.includes(s) ? ', winner' : ''})`).join(' and ')}</li>
        ))}
      </ol>
    </section>
  );
}

/** Log entries that open a round or a phase (each engine's own names for them). */
const SEPARATOR = /^(round\.(started|end|rolled)|phase\.changed|role\.chosen|game\.(over|ended|endTriggered|finalRound)|end\.triggered)$/;

function History({ history, players, version, at, setAt }: { history: HistoryItem[]; players: { seat: number; name: string }[]; version: number; at: number | null; setAt: (n: number | null) => void }) {
  const shown = at ?? version;
  const list = useRef<HTMLOListElement>(null);
  // Keeps the current entry in sight inside the list only: scrolling the page would carry a phone's
  // reader away from the board and its controls to the history at the bottom.
  useEffect(() => {
    const box = list.current;
    const item = box?.querySelector<HTMLElement>('[aria-current="step"]');
    if (!box || !item) return;
    const top = item.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
    if (top < box.scrollTop) box.scrollTop = top;
    else if (top + item.offsetHeight > box.scrollTop + box.clientHeight) box.scrollTop = top + item.offsetHeight - box.clientHeight;
  }, [shown, history.length]);
  const name = (s: number | null) => (s === null ? 'Setup' : players.find((p) => p.seat === s)?.name ?? `Seat ${s + 1}`);
  return (
    <section className="history card" aria-labelledby="history-heading">
      <h2 id="history-heading">History</h2>
      <label htmlFor="history-slider">Position after move <output data-testid="history-at">{shown}</output> of {version}</label>
      <input id="history-slider" type="range" min={0} max={version} value={shown} onChange={(e) => {
        const n = Number(e.target.value);
        setAt(n >= version ? null : n);
      }} />
      <ol className="log" ref={list}>
        {history.map((h, index) => {
          const time = h.at ? new Date(h.at) : null;
          const previous = index > 0 ? history[index - 1]!.at : undefined;
          const newDay = time !== null && (!previous || new Date(previous).toDateString() !== time.toDateString());
          // A new round or phase starts with this move: a separator line above it.
          const turning = h.log.some((l) => SEPARATOR.test(l.type));
          return (
            <li key={h.seq} aria-current={h.seq === shown ? 'step' : undefined} className={turning ? 'log-turning' : undefined}>
              {newDay ? <span className="log-day">{time!.toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short' })}</span> : null}
              <button type="button" className="log-entry" onClick={() => setAt(h.seq >= version ? null : h.seq)} aria-label={`Show the position after move ${h.seq}`}>
                <span className="seq">{h.seq}</span>
              </button>
              <span className="log-text">
                {h.log.length > 0 ? h.log.map((l, i) => <span key={i} className={SEPARATOR.test(l.type) ? 'log-marker' : undefined}>{l.text} </span>) : `${name(h.seat)} ${h.kind === 'resign' ? 'resigned' : h.kind === 'undo' ? 'took back their last move' : 'moved'}.`}
              </span>
              {time ? <time className="log-time" dateTime={h.at}>{time.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}</time> : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
