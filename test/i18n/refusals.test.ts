/**
 * Every refusal code a player can meet (each game's rule errors, and the service's move refusals) has an
 * English and a Japanese explanation, served at GET /v1/game-types/:type/refusals in the request's language.
 */
import t from 'tap';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { GAMES } from '../../src/games/registry.js';
import { refusalExplanations } from '../../src/service/locales.js';
import { build, send } from '../helper.js';

/** The codes a game's sources refuse with: `ruleError('CODE'`, `return 'CODE'`, or a quoted code in a refusal table. */
function codesOf(game: string): string[] {
  const dir = fileURLToPath(new URL(`../../src/games/${game}/`, import.meta.url));
  const codes = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    for (const m of readFileSync(dir + file, 'utf8').matchAll(/(?:ruleError\(|return |code: )'([A-Z][A-Z_]{4,})'/g)) codes.add(m[1]!);
  }
  return [...codes].sort();
}

const SERVICE_CODES = ['NOT_YOUR_TURN', 'STALE_VERSION', 'GAME_NOT_ACTIVE', 'NOT_YOUR_SEAT', 'ILLEGAL_MOVE', 'INVALID_MOVE'];

t.test('every refusal code of every game is explained in English and Japanese', async (t) => {
  for (const game of GAMES) {
    const codes = [...new Set([...codesOf(game.id), ...SERVICE_CODES])];
    t.ok(codes.length >= 4, `${game.id}: ${codes.join(', ')}`);
    const en = refusalExplanations(game.id, 'en');
    const ja = refusalExplanations(game.id, 'ja');
    for (const code of codes) {
      t.match(en[code], /^[A-Z].+[.:)]$/, `${game.id} ${code} in English`);
      t.match(ja[code], /[\u3040-\u30ff\u4e00-\u9fff]/, `${game.id} ${code} in Japanese`);
    }
  }
});

t.test('served with the game type data, in the language asked for', async (t) => {
  const app = await build(t);
  const ja = await send(app, 'GET', '/v1/game-types/navegador/refusals', undefined, { 'accept-language': 'ja,en;q=0.5' });
  t.equal(ja.status, 200);
  t.equal(ja.body.locale, 'ja');
  t.equal(ja.body.explanations.NOT_ENOUGH_WORKERS, refusalExplanations('navegador', 'ja').NOT_ENOUGH_WORKERS);
  const en = await send(app, 'GET', '/v1/game-types/navegador/refusals?lang=en', undefined, { 'accept-language': 'ja' });
  t.equal(en.body.locale, 'en', '?lang= wins over the header');
  t.match(en.body.explanations.NOT_YOUR_TURN, /not your turn/);
  t.equal((await send(app, 'GET', '/v1/game-types/chess/refusals')).status, 404);
});
