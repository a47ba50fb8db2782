/**
 * The seeded PRNG every engine draws from. Its whole state is four 32-bit integers kept inside the game
 * state (as a plain array, so it survives JSON snapshots), so a replay of the same moves draws the same
 * cards on any machine.
 *
 * Algorithm: sfc32 (Chris Doty-Humphrey's Small Fast Counting generator, public domain), seeded from a
 * string with cyrb128. Both use only 32-bit integer arithmetic, which JavaScript runs exactly the same
 * everywhere. The sequence for a given seed is part of the engines' replay contract: never change it.
 */
export type RngState = readonly [number, number, number, number];

/** Hashes a string into four 32-bit words (cyrb128). */
function cyrb128(text: string): RngState {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** The initial PRNG state for a seed; warmed up so that similar seeds diverge at once. */
export function createRng(seed: string): RngState {
  const rng = new Random(cyrb128(seed));
  for (let i = 0; i < 15; i++) rng.nextUint32();
  return rng.state;
}

/**
 * A mutable cursor over an `RngState`, for use inside one `apply` or `setup` call:
 *
 *   const rng = new Random(state.rng);
 *   const deck = rng.shuffle(cards);
 *   return { ...state, deck, rng: rng.state };
 *
 * It never touches the array it was built from, so the previous state stays intact.
 */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(state: RngState) {
    [this.a, this.b, this.c, this.d] = state;
  }

  /** The state to store back into the game state after drawing. */
  get state(): RngState {
    return [this.a, this.b, this.c, this.d];
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A uniform integer in [0, n), without modulo bias. */
  int(n: number): number {
    if (!Number.isInteger(n) || n <= 0 || n > 2 ** 32) throw new RangeError(`Random.int: bad bound ${n}`);
    const limit = 2 ** 32 - (2 ** 32 % n);
    let x = this.nextUint32();
    while (x >= limit) x = this.nextUint32();
    return x % n;
  }

  /** A uniform integer in [min, max], both included (a die is `between(1, 6)`). */
  between(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  /** One element of a non-empty list, uniformly. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Random.pick: empty list');
    return items[this.int(items.length)] as T;
  }

  /** A shuffled copy (Fisher-Yates); the input is left as it was. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const tmp = out[i] as T;
      out[i] = out[j] as T;
      out[j] = tmp;
    }
    return out;
  }
}
