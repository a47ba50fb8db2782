/**
 * Time away: a yearly vacation allowance per player (VACATION_DAYS_PER_YEAR, accruing day by day up to one
 * year's worth; a new player starts with a full year's) that pauses their turn clocks in all their games
 * while they are away. Pausing moves deadlines rather than stopping a clock: starting a vacation pushes
 * every running deadline (and reminder) of the player's seats back by the vacation's length, and a turn of
 * theirs that begins during it gets its deadline pushed back to after it (`onCommitted`). The turn timers,
 * reminders and bot takeover read only the seat rows, so they respect the vacation without knowing of it.
 * Ending early gives back the whole days not used; deadlines already pushed back stay where they are.
 */
import type { Database } from '../store/database.js';
import type { Clock } from '../store/clock.js';
import { ServiceError } from './errors.js';
import type { Caller } from './types.js';

export interface VacationOptions {
  readonly vacationDaysPerYear: number;
}

export const DEFAULT_VACATION_OPTIONS: VacationOptions = { vacationDaysPerYear: 21 };

export interface VacationView {
  /** Days that may be taken now. */
  readonly balanceDays: number;
  readonly startsAt: string | null;
  /** Null when not away. */
  readonly endsAt: string | null;
  readonly away: boolean;
}

const DAY_MS = 86_400_000;

export class VacationService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly options: VacationOptions,
  ) {}

  async get(caller: Caller): Promise<VacationView> {
    return this.view(await this.current(requirePlayer(caller)));
  }

  /** Starts a vacation of `days` whole days from now, paid from the allowance. */
  async start(caller: Caller, days: number): Promise<VacationView> {
    const me = requirePlayer(caller);
    if (!Number.isInteger(days) || days < 1) throw new ServiceError('BAD_REQUEST', 'days is a whole number of at least 1');
    const row = await this.current(me);
    const now = this.clock.now();
    if (row.endsAt && row.endsAt > now) throw new ServiceError('ALREADY_AWAY', `you are away until ${row.endsAt.toISOString()}`);
    if (days > row.balanceDays + 1e-9) throw new ServiceError('VACATION_EXHAUSTED', `${Math.floor(row.balanceDays)} days left this year`);
    const endsAt = new Date(now.getTime() + days * DAY_MS);
    const shift = `${days * 86_400} seconds`;
    await this.db.$transaction([
      this.db.vacation.update({ where: { playerId: me.id }, data: { balanceDays: row.balanceDays - days, balanceAt: now, startsAt: now, endsAt } }),
      this.db.$executeRaw`
        UPDATE seats s SET deadline_at = s.deadline_at + ${shift}::interval, reminder_at = s.reminder_at + ${shift}::interval
          FROM games g WHERE g.id = s.game_id AND g.status = 'active' AND s.player_id = ${me.id}::uuid AND s.deadline_at IS NOT NULL`,
    ]);
    return this.get(me);
  }

  /** Comes back early: the whole days not used return to the allowance. */
  async end(caller: Caller): Promise<VacationView> {
    const me = requirePlayer(caller);
    const row = await this.current(me);
    const now = this.clock.now();
    if (!row.endsAt || row.endsAt <= now) throw new ServiceError('NOT_AWAY', 'you are not on vacation');
    const unused = Math.floor((row.endsAt.getTime() - now.getTime()) / DAY_MS);
    await this.db.vacation.update({ where: { playerId: me.id }, data: { balanceDays: Math.min(this.options.vacationDaysPerYear, row.balanceDays + unused), balanceAt: now, endsAt: now } });
    return this.get(me);
  }

  /**
   * After a commit: turns that began at this version for players who are away get their deadline (and
   * reminder) pushed back by the time left of the vacation.
   */
  onCommitted = async (gameId: string, version: number): Promise<void> => {
    const now = this.clock.now();
    await this.db.$executeRaw`
      UPDATE seats s SET deadline_at = s.deadline_at + (v.ends_at - ${now}::timestamptz), reminder_at = s.reminder_at + (v.ends_at - ${now}::timestamptz)
        FROM vacations v
       WHERE s.game_id = ${gameId}::uuid AND s.turn_version = ${version} AND s.deadline_at IS NOT NULL
         AND v.player_id = s.player_id AND v.ends_at > ${now}::timestamptz`;
  };

  /** The player's row with the allowance accrued up to now (made on first use, with a full year's). */
  private async current(me: { id: string }) {
    const now = this.clock.now();
    const perYear = this.options.vacationDaysPerYear;
    const row = await this.db.vacation.upsert({ where: { playerId: me.id }, create: { playerId: me.id, balanceDays: perYear, balanceAt: now }, update: {} });
    const accrued = Math.max(0, now.getTime() - row.balanceAt.getTime()) / DAY_MS / 365 * perYear;
    return { ...row, balanceDays: Math.min(perYear, row.balanceDays + accrued) };
  }

  private view(row: { balanceDays: number; startsAt: Date | null; endsAt: Date | null }): VacationView {
    const away = row.endsAt !== null && row.endsAt > this.clock.now();
    return { balanceDays: Math.floor(row.balanceDays * 100) / 100, startsAt: away ? row.startsAt?.toISOString() ?? null : null, endsAt: away ? row.endsAt!.toISOString() : null, away };
  }
}

function requirePlayer(caller: Caller) {
  if (!caller) throw new ServiceError('UNAUTHENTICATED', 'this needs a bearer token: register at POST /v1/players');
  return caller;
}
