/** Puerto Rico's conservation and range invariants, checked after every move of the property tests. */
import assert from 'node:assert/strict';
import { BUILDINGS, BUILDING_DATA, CITY_SPACES, GOODS, GOODS_IN_BOX, ISLAND_SPACES, PLANTATION_TILES, countSetup } from '../../../src/games/puerto-rico/data.js';
import { citySpacesUsed, colonistsOf } from '../../../src/games/puerto-rico/rules.js';
import type { PuertoRicoState } from '../../../src/games/puerto-rico/types.js';

export function checkInvariants(state: PuertoRicoState, where: string): void {
  const table = countSetup(state.seats);
  const players = state.players;

  // Colonists are conserved: ship + supply + every board (MAY-2, MAY-5, SET-5, BLD-5).
  const colonists = state.colonistShip + state.colonistSupply + players.reduce((sum, p) => sum + colonistsOf(p), 0);
  assert.equal(colonists, table.shipColonists + table.colonistSupply, `${where}: colonists not conserved`);
  assert.ok(state.colonistShip >= 0 && state.colonistSupply >= 0, `${where}: negative colonists`);

  // Goods are conserved per kind: supply + windroses + cargo ships + trading house.
  for (const good of GOODS) {
    const onShips = state.ships.reduce((sum, s) => sum + (s.good === good ? s.load : 0), 0);
    const inHouse = state.tradingHouse.filter((g) => g === good).length;
    const held = players.reduce((sum, p) => sum + p.goods[good], 0);
    assert.equal(state.goodsSupply[good] + onShips + inHouse + held, GOODS_IN_BOX[good] - table.removedGoods, `${where}: ${good} not conserved`);
    assert.ok(state.goodsSupply[good] >= 0, `${where}: negative ${good} supply`);
    for (const p of players) assert.ok(p.goods[good] >= 0, `${where}: negative ${good} held`);
  }

  // VP chips: the supply shows the initial chips minus everything credited, never below 0 (CAP-10).
  const credited = players.reduce((sum, p) => sum + p.vp, 0);
  assert.equal(state.vpSupply, Math.max(0, table.vpSupply - credited), `${where}: VP chips not conserved`);
  assert.equal(state.endTriggers.vp, credited >= table.vpSupply, `${where}: END-3 flag disagrees with the chips`);

  // Tiles: face-up + stack + discards + islands hold every plantation in the game; quarries likewise.
  const tiles: Record<string, number> = { quarry: state.quarries };
  for (const list of [state.faceUp, state.stack, state.discard]) for (const tile of list) tiles[tile] = (tiles[tile] ?? 0) + 1;
  for (const p of players) for (const t of p.island) tiles[t.tile] = (tiles[t.tile] ?? 0) + 1;
  for (const good of GOODS) assert.equal(tiles[good] ?? 0, PLANTATION_TILES[good] - table.removedTiles, `${where}: ${good} tiles not conserved`);
  assert.equal(tiles['quarry'], table.quarries, `${where}: quarries not conserved`);

  // Buildings: supply + owned = copies; one copy per player (BLD-2b); circles and spaces respected.
  const owned: Record<string, number> = {};
  for (const p of players) for (const b of p.city) owned[b.building] = (owned[b.building] ?? 0) + 1;
  for (const building of BUILDINGS) {
    const copies = state.seats === 2 ? BUILDING_DATA[building].copies2p : BUILDING_DATA[building].copies;
    assert.equal(state.buildingSupply[building] + (owned[building] ?? 0), copies, `${where}: ${building} not conserved`);
    assert.ok(state.buildingSupply[building] >= 0, `${where}: negative ${building} supply`);
  }
  for (const [seat, p] of players.entries()) {
    assert.ok(p.doubloons >= 0, `${where}: seat ${seat} has negative doubloons`);
    assert.ok(p.vp >= 0 && p.sanJuan >= 0, `${where}: seat ${seat} negative VP or San Juan`);
    assert.ok(p.island.length <= ISLAND_SPACES, `${where}: seat ${seat} island over 12`);
    assert.ok(citySpacesUsed(p) <= CITY_SPACES, `${where}: seat ${seat} city over 12`);
    assert.equal(new Set(p.city.map((b) => b.building)).size, p.city.length, `${where}: seat ${seat} owns a building twice`);
    for (const b of p.city) assert.ok(b.colonists >= 0 && b.colonists <= BUILDING_DATA[b.building].circles, `${where}: ${b.building} over its circles`);
  }

  // Ships (CAP-1): one kind each, no kind on two ships, never over capacity; the house holds at most 4.
  const kinds = state.ships.filter((s) => s.good !== null).map((s) => s.good);
  assert.equal(new Set(kinds).size, kinds.length, `${where}: two ships carry the same kind`);
  for (const ship of state.ships) {
    assert.ok(ship.load >= 0 && ship.load <= ship.capacity, `${where}: ship load out of range`);
    assert.equal(ship.good === null, ship.load === 0, `${where}: ship kind and load disagree`);
  }
  assert.ok(state.tradingHouse.length <= 4, `${where}: trading house over 4`);
  for (const slot of state.roles) assert.ok(slot.doubloons >= 0, `${where}: negative doubloons on a role`);
  // CAP-9: no ship is full between Captain phases.
  if (state.phase.name !== 'captain' && state.phase.name !== 'storage') {
    assert.ok(state.ships.every((s) => s.load < s.capacity), `${where}: a full ship outside the Captain phase`);
  }
}
