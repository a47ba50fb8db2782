/**
 * Challenges: a game made for named players, whose seats wait for them, or with open seats anyone holding
 * the link code may take. A challenge is a waiting game (the same id) plus a row per seat saying whom it is
 * for: seat 0 is the creator's; a named player's seat is reserved until they accept (they join it) or
 * decline (the challenge ends, the game is aborted); an open seat goes to the first who comes with the
 * code. When every seat is taken the game starts by itself. The creator may cancel; a challenge nobody
 * completed expires (`expiresInSeconds`, bounded by the configured maximum) and its game is aborted.
 *
 * While a challenge is pending its seats cannot be taken through an ordinary join or by a bot (the game
 * service asks `admits`, its join guard). Invited players hear of it at once: a `challenge` notice on
 * their event stream and GraphQL subscription, and a `challenge.received` webhook written in the same
 * statement as the challenge's seats.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../store/database.js';
import type { Clock } from '../store/clock.js';
import { ServiceError } from './errors.js';
import type { GameService } from './game-service.js';
import { isUuid } from './pagination.js';
import type { Player } from './players.js';
import type { TableEvents } from './table-events.js';
import type { Caller, GameSummary } from './types.js';
import { challengeWebhookSql } from '../store/table-outbox.js';

export interface ChallengeOptions {
  /** Seconds a challenge waits when its creator says nothing. */
  readonly defaultExpirySeconds: number;
  /** The longest a creator may ask for. */
  readonly maxExpirySeconds: number;
}

export const DEFAULT_CHALLENGE_OPTIONS: ChallengeOptions = { defaultExpirySeconds: 7 * 86_400, maxExpirySeconds: 30 * 86_400 };

/** Whom a seat is for: a player's id, or the id their app knows them by (the caller's own app). */
export type Invitee = { readonly playerId: string } | { readonly externalId: string };

export interface CreateChallenge {
  readonly type: string;
  /** Seats of the game; default: the creator and the invited. Seats beyond those are open (link code). */
  readonly seats?: number | undefined;
  readonly options?: unknown;
  readonly clock?: unknown;
  readonly invite?: readonly Invitee[] | undefined;
  readonly expiresInSeconds?: number | undefined;
}

export type ChallengeStatus = 'pending' | 'accepted' | 'declined' | 'cancelled' | 'expired';

export interface ChallengeView {
  readonly id: string;
  readonly gameId: string;
  readonly type: string;
  readonly seatCount: number;
  readonly options: unknown;
  readonly clock: unknown;
  readonly createdBy: Player;
  readonly status: ChallengeStatus;
  readonly reason: string | null;
  /** The link code (only its creator sees it): anyone who has it may take an open seat. */
  readonly code: string | null;
  readonly expiresAt: string;
  readonly createdAt: string;
  readonly seats: { seat: number; player: Player | null; open: boolean; status: string; reason: string | null }[];
}

interface ChallengeRow {
  id: string; created_by: string; creator_name: string; code: string | null; status: ChallengeStatus; reason: string | null;
  expires_at: Date; created_at: Date; seats: { seat: number; player_id: string | null; name: string | null; open: boolean; status: string; reason: string | null }[];
}

const SELECT_CHALLENGE = `
  SELECT c.id, c.created_by, p.name AS creator_name, c.code, c.status, c.reason, c.expires_at, c.created_at,
         (SELECT json_agg(json_build_object('seat', s.seat, 'player_id', s.player_id, 'name', sp.name, 'open', s.open, 'status', s.status, 'reason', s.reason) ORDER BY s.seat)
            FROM challenge_seats s LEFT JOIN players sp ON sp.id = s.player_id WHERE s.challenge_id = c.id) AS seats
    FROM challenges c JOIN players p ON p.id = c.created_by`;

const gone = (status: string) => new ServiceError('CHALLENGE_CLOSED', `the challenge is ${status}`);

function requirePlayer(caller: Caller): Player {
  if (!caller) throw new ServiceError('UNAUTHENTICATED', 'this needs a bearer token: register at POST /v1/players');
  return caller;
}

export class ChallengeService {
  constructor(
    private readonly db: Database,
    private readonly games: GameService,
    private readonly events: TableEvents,
    private readonly clock: Clock,
    private readonly options: ChallengeOptions,
    /** Wakes the webhook dispatcher for a game whose outbox rows were just written. */
    private readonly delivered: (gameId: string) => void = () => undefined,
  ) {}

  async create(caller: Caller, input: CreateChallenge): Promise<ChallengeView> {
    const me = requirePlayer(caller);
    const invited = await this.resolveInvitees(me, input.invite ?? []);
    const seats = input.seats ?? Math.max(1 + invited.length, this.games.engine(input.type).players.min);
    if (seats < 1 + invited.length) throw new ServiceError('INVALID_SEAT_COUNT', `${invited.length} invited players need at least ${1 + invited.length} seats`);
    const expiresIn = input.expiresInSeconds ?? this.options.defaultExpirySeconds;
    if (!(expiresIn >= 60 && expiresIn <= this.options.maxExpirySeconds)) {
      throw new ServiceError('BAD_REQUEST', `expiresInSeconds must be between 60 and ${this.options.maxExpirySeconds}`);
    }
    const game = await this.games.createGame(me, { type: input.type, seats, options: input.options, clock: input.clock, join: true, seat: 0 });
    const open = seats - 1 - invited.length;
    const code = open > 0 ? randomBytes(12).toString('base64url') : null;
    const now = this.clock.now();
    const rows = [
      { seat: 0, playerId: me.id, open: false, status: 'accepted' },
      ...invited.map((id, i) => ({ seat: i + 1, playerId: id, open: false, status: 'invited' })),
      ...Array.from({ length: open }, (_, i) => ({ seat: 1 + invited.length + i, playerId: null, open: true, status: 'open' })),
    ];
    await this.db.$transaction([
      this.db.challenge.create({ data: { id: game.id, createdBy: me.id, code, expiresAt: new Date(now.getTime() + expiresIn * 1000), createdAt: now } }),
      this.db.challengeSeat.createMany({ data: rows.map((r) => ({ challengeId: game.id, ...r })) }),
      this.db.$executeRawUnsafe(challengeWebhookSql, game.id, now),
    ]);
    this.delivered(game.id);
    await Promise.all(invited.map((playerId) => this.events.publish({ kind: 'challenge', playerId, gameId: game.id, id: game.id })));
    return this.view(me, game.id);
  }

  /** One challenge, for its creator and its seats' players (and anyone, by its link code, without the code). */
  async get(caller: Caller, ref: string): Promise<ChallengeView> {
    const me = requirePlayer(caller);
    const row = await this.find(ref);
    const byCode = !isUuid(ref);
    if (!byCode && row.created_by !== me.id && !row.seats.some((s) => s.player_id === me.id)) throw this.notFound(ref);
    return this.toView(me, row, await this.games.getGame(row.id));
  }

  /** The caller's pending challenges: those they made and those waiting for them. */
  async list(caller: Caller): Promise<ChallengeView[]> {
    const me = requirePlayer(caller);
    await this.expireDue();
    const rows = await this.db.$queryRawUnsafe<ChallengeRow[]>(
      `${SELECT_CHALLENGE} WHERE c.status = 'pending' AND (c.created_by = $1::uuid OR EXISTS (SELECT 1 FROM challenge_seats s WHERE s.challenge_id = c.id AND s.player_id = $1::uuid))
        ORDER BY c.created_at DESC, c.id LIMIT 100`,
      me.id,
    );
    return Promise.all(rows.map(async (row) => this.toView(me, row, await this.games.getGame(row.id))));
  }

  /**
   * Takes the caller's seat: by the challenge's id, the seat reserved for them; by its link code, the
   * first open seat. Accepting twice answers the same. The last seat taken starts the game.
   */
  async accept(caller: Caller, ref: string): Promise<ChallengeView> {
    const me = requirePlayer(caller);
    const row = await this.pending(ref);
    const mine = row.seats.find((s) => s.player_id === me.id);
    if (mine?.status === 'accepted' && row.created_by !== me.id) return this.view(me, row.id);
    if (row.created_by === me.id) throw new ServiceError('BAD_REQUEST', 'this is your own challenge');
    const seat = mine?.status === 'invited' || isUuid(ref) ? await this.acceptInvitation(me, row) : await this.takeOpenSeat(me, row);
    const game = await this.games.joinGame(me, row.id, seat);
    await this.startWhenFull(row, game);
    return this.view(me, row.id);
  }

  async decline(caller: Caller, id: string, reason: string | undefined): Promise<ChallengeView> {
    const me = requirePlayer(caller);
    const row = await this.pending(id);
    if (!isUuid(id)) throw this.notFound(id);
    const now = this.clock.now();
    const declined = await this.db.challengeSeat.updateMany({
      where: { challengeId: row.id, playerId: me.id, status: 'invited' },
      data: { status: 'declined', reason: reason ?? null, answeredAt: now },
    });
    if (declined.count === 0) throw new ServiceError('NOT_INVITED', 'only a player the challenge waits for may decline it');
    await this.close(row, 'declined', reason ?? null);
    await this.events.publish({ kind: 'challenge', playerId: row.created_by, gameId: row.id, id: row.id });
    return this.view(me, row.id);
  }

  async cancel(caller: Caller, id: string): Promise<ChallengeView> {
    const me = requirePlayer(caller);
    const row = await this.pending(id);
    if (row.created_by !== me.id || !isUuid(id)) throw new ServiceError('FORBIDDEN', 'only the challenge\'s creator may cancel it');
    await this.close(row, 'cancelled', null);
    await Promise.all(row.seats.filter((s) => s.player_id && s.player_id !== me.id).map((s) => this.events.publish({ kind: 'challenge', playerId: s.player_id, gameId: row.id, id: row.id })));
    return this.view(me, row.id);
  }

  /** Ends every pending challenge past its expiry (any instance may run it: the update decides once). */
  async expireDue(): Promise<number> {
    const expired = await this.db.$queryRaw<{ id: string; created_by: string }[]>`
      UPDATE challenges SET status = 'expired', closed_at = ${this.clock.now()}
       WHERE status = 'pending' AND expires_at <= ${this.clock.now()} RETURNING id, created_by`;
    for (const row of expired) await this.games.abortGame({ id: row.created_by, name: '' }, row.id).catch(() => undefined);
    return expired.length;
  }

  /**
   * The game service's join guard: a seat of a pending challenge's game is taken only by the player it
   * went to through `accept` (their seat row says accepted). Games without a challenge are not concerned.
   */
  admits = async (gameId: string, playerId: string | null, seat: number): Promise<void> => {
    const [row] = await this.db.$queryRaw<{ challenged: boolean; admitted: boolean }[]>`
      SELECT EXISTS (SELECT 1 FROM challenges WHERE id = ${gameId}::uuid AND status = 'pending') AS challenged,
             EXISTS (SELECT 1 FROM challenge_seats WHERE challenge_id = ${gameId}::uuid AND seat = ${seat} AND player_id = ${playerId}::uuid AND status = 'accepted') AS admitted`;
    if (row?.challenged && !row.admitted) {
      throw new ServiceError('CHALLENGE_SEAT', `this game is a challenge: its seats are taken through POST /v1/challenges/${gameId}/accept`);
    }
  };

  // ---- helpers ---------------------------------------------------------------------------------

  private async acceptInvitation(me: Player, row: ChallengeRow): Promise<number> {
    const [seat] = await this.db.$queryRaw<{ seat: number }[]>`
      UPDATE challenge_seats SET status = 'accepted', answered_at = ${this.clock.now()}
       WHERE challenge_id = ${row.id}::uuid AND player_id = ${me.id}::uuid AND status = 'invited' RETURNING seat`;
    if (!seat) throw new ServiceError('NOT_INVITED', 'this challenge has no seat for you; an open seat is taken with the link code');
    return seat.seat;
  }

  /** The first open seat, claimed by one statement (two takers at once get two seats, or one is refused). */
  private async takeOpenSeat(me: Player, row: ChallengeRow): Promise<number> {
    const [seat] = await this.db.$queryRaw<{ seat: number }[]>`
      UPDATE challenge_seats SET player_id = ${me.id}::uuid, status = 'accepted', answered_at = ${this.clock.now()}
       WHERE challenge_id = ${row.id}::uuid AND seat = (
         SELECT seat FROM challenge_seats WHERE challenge_id = ${row.id}::uuid AND open AND status = 'open'
          ORDER BY seat LIMIT 1 FOR UPDATE SKIP LOCKED)
         AND NOT EXISTS (SELECT 1 FROM challenge_seats WHERE challenge_id = ${row.id}::uuid AND player_id = ${me.id}::uuid)
      RETURNING seat`;
    if (!seat) throw new ServiceError('GAME_FULL', 'every open seat of this challenge is taken');
    return seat.seat;
  }

  /** Whoever filled the last seat starts the game (the status update decides once among racing takers). */
  private async startWhenFull(row: ChallengeRow, game: GameSummary): Promise<void> {
    if (game.seats.some((s) => !s.player && !s.bot)) return;
    const won = await this.db.challenge.updateMany({ where: { id: row.id, status: 'pending' }, data: { status: 'accepted', closedAt: this.clock.now() } });
    if (won.count === 1) await this.games.startGame({ id: row.created_by, name: row.creator_name }, row.id);
  }

  private async close(row: ChallengeRow, status: ChallengeStatus, reason: string | null): Promise<void> {
    const closed = await this.db.challenge.updateMany({ where: { id: row.id, status: 'pending' }, data: { status, reason, closedAt: this.clock.now() } });
    if (closed.count === 0) throw gone('closed already');
    await this.games.abortGame({ id: row.created_by, name: row.creator_name }, row.id).catch(() => undefined);
  }

  /** A pending challenge by id or code; one past its expiry is expired now (and refused). */
  private async pending(ref: string): Promise<ChallengeRow> {
    const row = await this.find(ref);
    if (row.status === 'pending' && row.expires_at.getTime() <= this.clock.now().getTime()) {
      await this.expireDue();
      throw gone('expired');
    }
    if (row.status !== 'pending') throw gone(row.status);
    return row;
  }

  private async find(ref: string): Promise<ChallengeRow> {
    if (ref.length > 64) throw this.notFound(ref);
    const [row] = await this.db.$queryRawUnsafe<ChallengeRow[]>(`${SELECT_CHALLENGE} WHERE ${isUuid(ref) ? 'c.id = $1::uuid' : 'c.code = $1'}`, ref);
    if (!row) throw this.notFound(ref);
    return row;
  }

  private notFound(ref: string): ServiceError {
    return new ServiceError('CHALLENGE_NOT_FOUND', `no challenge ${ref.slice(0, 64)}`);
  }

  private async view(me: Player, id: string): Promise<ChallengeView> {
    const row = await this.find(id);
    return this.toView(me, row, await this.games.getGame(id));
  }

  private toView(me: Player, row: ChallengeRow, game: GameSummary): ChallengeView {
    return {
      id: row.id,
      gameId: row.id,
      type: game.type,
      seatCount: game.seatCount,
      options: game.options,
      clock: game.clock,
      createdBy: { id: row.created_by, name: row.creator_name },
      status: row.status,
      reason: row.reason,
      code: row.created_by === me.id ? row.code : null,
      expiresAt: new Date(row.expires_at).toISOString(),
      createdAt: new Date(row.created_at).toISOString(),
      seats: row.seats.map((s) => ({ seat: s.seat, player: s.player_id ? { id: s.player_id, name: s.name ?? '' } : null, open: s.open, status: s.status, reason: s.reason })),
    };
  }

  /** Player ids of the invited, in order: known players, each once, never the creator. */
  private async resolveInvitees(me: Player, invite: readonly Invitee[]): Promise<string[]> {
    if (invite.length > 63) throw new ServiceError('BAD_REQUEST', 'at most 63 invited players');
    const ids: string[] = [];
    for (const who of invite) {
      const id = 'playerId' in who ? await this.playerById(who.playerId) : await this.playerByExternalId(me, who.externalId);
      if (id === me.id) throw new ServiceError('BAD_REQUEST', 'you cannot invite yourself');
      if (ids.includes(id)) throw new ServiceError('BAD_REQUEST', `player ${id} is invited twice`);
      ids.push(id);
    }
    return ids;
  }

  private async playerById(id: string): Promise<string> {
    const found = isUuid(id) ? await this.db.player.findUnique({ where: { id }, select: { id: true } }) : null;
    if (!found) throw new ServiceError('PLAYER_NOT_FOUND', `no player ${id}`);
    return found.id;
  }

  /** A player of the caller's own app, by the id the app knows them by. */
  private async playerByExternalId(me: Player, externalId: string): Promise<string> {
    const self = await this.db.player.findUnique({ where: { id: me.id }, select: { appId: true } });
    if (!self?.appId) throw new ServiceError('BAD_REQUEST', 'externalId names players of your app: only an app\'s players may use it');
    const found = await this.db.player.findUnique({ where: { appId_externalId: { appId: self.appId, externalId } }, select: { id: true } });
    if (!found) throw new ServiceError('PLAYER_NOT_FOUND', `your app has no player ${externalId}`);
    return found.id;
  }
}
