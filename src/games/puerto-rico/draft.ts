/**
 * Copy-on-write editing of a state inside one `apply`: the input state is never mutated, and only the
 * parts a move touches are copied (a full deep clone per move would dominate the engine's cost).
 */
import type { LogEntry, Seat } from '../../engine/types.js';
import type { CargoShip, PlayerState, PuertoRicoState, RoleSlot } from './types.js';

export class Draft {
  readonly s: PuertoRicoState;
  readonly log: LogEntry[] = [];
  private readonly copiedPlayers: boolean[] = [];
  private copied = { goods: false, buildings: false, ships: false, roles: false, tiles: false, house: false };

  constructor(base: PuertoRicoState) {
    // An explicit literal (not a spread) keeps one object shape, which V8 copies much faster.
    this.s = {
      version: base.version,
      seats: base.seats,
      options: base.options,
      rng: base.rng,
      governor: base.governor,
      choices: base.choices,
      role: base.role,
      roleHolder: base.roleHolder,
      roles: base.roles,
      phase: base.phase,
      players: base.players.slice(),
      colonistShip: base.colonistShip,
      colonistSupply: base.colonistSupply,
      vpSupply: base.vpSupply,
      quarries: base.quarries,
      faceUp: base.faceUp,
      stack: base.stack,
      discard: base.discard,
      goodsSupply: base.goodsSupply,
      buildingSupply: base.buildingSupply,
      ships: base.ships,
      tradingHouse: base.tradingHouse,
      endTriggers: { colonists: base.endTriggers.colonists, city: base.endTriggers.city, vp: base.endTriggers.vp },
      round: base.round,
    };
  }

  /** A player's record, copied on first write. Island and city entries are replaced, never edited. */
  player(seat: Seat): PlayerState {
    const current = this.s.players[seat] as PlayerState;
    if (this.copiedPlayers[seat]) return current;
    this.copiedPlayers[seat] = true;
    const goods = current.goods;
    const copy: PlayerState = {
      doubloons: current.doubloons,
      vp: current.vp,
      goods: { corn: goods.corn, indigo: goods.indigo, sugar: goods.sugar, tobacco: goods.tobacco, coffee: goods.coffee },
      island: current.island.slice(),
      city: current.city.slice(),
      sanJuan: current.sanJuan,
    };
    this.s.players[seat] = copy;
    return copy;
  }

  goodsSupply(): PuertoRicoState['goodsSupply'] {
    if (!this.copied.goods) {
      this.copied.goods = true;
      this.s.goodsSupply = { ...this.s.goodsSupply };
    }
    return this.s.goodsSupply;
  }

  buildingSupply(): PuertoRicoState['buildingSupply'] {
    if (!this.copied.buildings) {
      this.copied.buildings = true;
      this.s.buildingSupply = { ...this.s.buildingSupply };
    }
    return this.s.buildingSupply;
  }

  ships(): CargoShip[] {
    if (!this.copied.ships) {
      this.copied.ships = true;
      this.s.ships = this.s.ships.map((ship) => ({ ...ship }));
    }
    return this.s.ships;
  }

  roles(): RoleSlot[] {
    if (!this.copied.roles) {
      this.copied.roles = true;
      this.s.roles = this.s.roles.map((slot) => ({ ...slot }));
    }
    return this.s.roles;
  }

  /** The face-up row, the stack and the discard pile, copied together. */
  tiles(): Pick<PuertoRicoState, 'faceUp' | 'stack' | 'discard'> {
    if (!this.copied.tiles) {
      this.copied.tiles = true;
      this.s.faceUp = this.s.faceUp.slice();
      this.s.stack = this.s.stack.slice();
      this.s.discard = this.s.discard.slice();
    }
    return this.s;
  }

  tradingHouse(): PuertoRicoState['tradingHouse'] {
    if (!this.copied.house) {
      this.copied.house = true;
      this.s.tradingHouse = this.s.tradingHouse.slice();
    }
    return this.s.tradingHouse;
  }

  say(entry: LogEntry): void {
    this.log.push(entry);
  }
}
