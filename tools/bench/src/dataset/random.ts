/**
 * A seeded pseudo-random source (mulberry32), so that the same `--events N` always generates the same
 * calendar: the cache can be trusted, and two runs compare like with like.
 */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  integer(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /**
   * An index in [0, count) where low indexes are much more likely (density ∝ 1/√x): a few popular venues
   * and organizers hold many events, most hold a few, as in a real calendar.
   */
  skewedIndex(count: number): number {
    const r = this.next();
    return Math.min(count - 1, Math.floor(count * r * r));
  }

  /** `count` distinct indexes in [0, size), drawn with `draw`. */
  distinct(count: number, size: number, draw: () => number): number[] {
    const wanted = Math.min(count, size);
    const chosen: number[] = [];
    while (chosen.length < wanted) {
      const index = draw();
      if (!chosen.includes(index)) chosen.push(index);
    }
    return chosen;
  }

  /** A Fisher–Yates shuffle of 0 … size-1. */
  permutation(size: number): number[] {
    const order = Array.from({ length: size }, (_, i) => i);
    for (let i = size - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    return order;
  }
}
