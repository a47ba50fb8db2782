/**
 * The four maps (Appendix A): each map file (./maps/*.json, described in docs/rules/voyages.md, all
 * "decision: our edition") compiled with the rules its map module provides. This index is the one place that
 * knows every map; the shared rules receive a map's rules as data on its board.
 */
import type { MapId } from './data.js';
import { compile, type Board, type MapFile } from './board.js';
import map1File from './maps/map1.json' with { type: 'json' };
import map2File from './maps/map2.json' with { type: 'json' };
import map3File from './maps/map3.json' with { type: 'json' };
import map4File from './maps/map4.json' with { type: 'json' };
import { map1Rules } from './map1.js';
import { map2Rules } from './map2.js';
import { map3Rules } from './map3.js';
import { map4Rules } from './map4.js';

const BOARDS: readonly Board[] = [
  compile(map1File as unknown as MapFile, map1Rules),
  compile(map2File as unknown as MapFile, map2Rules),
  compile(map3File as unknown as MapFile, map3Rules),
  compile(map4File as unknown as MapFile, map4Rules),
];

export function board(map: MapId): Board {
  return BOARDS[map - 1] as Board;
}
