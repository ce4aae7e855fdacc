/** Time is injected everywhere it matters, so tests can move it (e.g. past a 7-day retention). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock for tests: starts at the real time and moves only when told. */
export class ManualClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export const DAY_MS = 24 * 60 * 60 * 1000;

export function isoNow(clock: Clock): string {
  return clock.now().toISOString();
}
