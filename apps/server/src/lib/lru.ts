/** A least-recently-used cache bounded by total weight (entries count 1 each unless `weigh` says otherwise). */
export class Lru<K, V> {
  private readonly map = new Map<K, { value: V; weight: number }>();
  private total = 0;

  constructor(
    private readonly maxWeight: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  get(key: K): V | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    this.map.delete(key);
    this.map.set(key, hit);
    return hit.value;
  }

  set(key: K, value: V): void {
    const old = this.map.get(key);
    if (old) {
      this.total -= old.weight;
      this.map.delete(key);
    }
    const weight = this.weigh(value);
    if (weight > this.maxWeight) return;
    this.map.set(key, { value, weight });
    this.total += weight;
    while (this.total > this.maxWeight) {
      const first = this.map.keys().next();
      if (first.done) break;
      this.total -= this.map.get(first.value)!.weight;
      this.map.delete(first.value);
    }
  }

  delete(key: K): void {
    const hit = this.map.get(key);
    if (!hit) return;
    this.total -= hit.weight;
    this.map.delete(key);
  }

  get size(): number {
    return this.map.size;
  }
}
