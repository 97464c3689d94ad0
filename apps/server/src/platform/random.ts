/**
 * A small, seedable generator (mulberry32): the one source of replayable randomness (the sandbox
 * feed's price paths, the route fuzz's choices, the chaos bench's), so a seed repeats a run.
 * Not for secrets: those come from node:crypto.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
