// The seed of the fast-check properties in a test run (vitest.config.ts `setupFiles`): fixed by default, so a run of
// the suite (and CI) is repeatable and a rare counterexample the properties have not met yet cannot fail one run in
// several; `BINDERY_PROPERTY_SEED=<n>` runs another seed, `BINDERY_PROPERTY_SEED=random` a new one each time (`pnpm
// test:properties`: exploration, how the writer's round-trip bugs are found; docs/testing.md). A failure prints its
// seed and path, so any counterexample can be replayed.
import fc from 'fast-check';

const raw = process.env.BINDERY_PROPERTY_SEED;
if (raw !== 'random') {
  const seed = raw === undefined || raw === '' ? 20261128 : Number(raw);
  if (!Number.isInteger(seed)) throw new Error(`BINDERY_PROPERTY_SEED must be an integer or "random", not ${JSON.stringify(raw)}`);
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
}
