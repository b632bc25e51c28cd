// How many runs each property gets, and with which seed.
//
// FUZZ_RUNS scales the run counts (default 100): `npm run fuzz` is the long run. fast-check picks
// a fresh seed per run and prints it with any counterexample; FUZZ_SEED=<seed> replays that run.
import type fc from 'fast-check'
import type { Channel } from '../../src-shared/ipc'

function wholeNumberFromEnv(name: string, minimum: number): number | undefined {
  const value = process.env[name]
  if (value === undefined || value === '') return undefined
  const number = Number(value)
  if (!Number.isSafeInteger(number) || number < minimum)
    throw new Error(`${name} must be a whole number of at least ${minimum}, not "${value}"`)
  return number
}

export const FUZZ_RUNS = wholeNumberFromEnv('FUZZ_RUNS', 1) ?? 100
// fast-check's seeds are 32-bit and may be negative.
const FUZZ_SEED = wholeNumberFromEnv('FUZZ_SEED', -(2 ** 31))

/**
 * Channels whose valid input reaches the service (the embedded sandbox or a staging sandbox), the
 * keychain or the settings file: each such call costs milliseconds, not microseconds, so they get
 * fewer runs than the ones that only validate.
 */
export const COSTLY = new Set<Channel>([
  'users:create',
  'users:update',
  'users:retrieve',
  'sessions:authenticate',
  'sessions:verify',
  'environments:testConnection',
  'environments:save',
  'environments:setSecret',
  'environments:clearSecret',
  'environments:select',
  'environments:delete',
  'environments:list',
  'app:info',
])

export function runsFor(channel: Channel, kind: 'hostile' | 'mutation'): number {
  // Hostile payloads almost never pass validation, so they stay cheap on every channel.
  if (kind === 'hostile' || !COSTLY.has(channel)) return FUZZ_RUNS
  return Math.max(5, Math.round(FUZZ_RUNS / 2))
}

/** Room for the runs, and for shrinking a counterexample, within vitest's per-test limit. */
export function timeoutFor(runs: number, costly: boolean): number {
  return 30_000 + runs * (costly ? 300 : 30)
}

export function parameters<T>(numRuns: number): fc.Parameters<T> {
  return FUZZ_SEED === undefined ? { numRuns } : { numRuns, seed: FUZZ_SEED }
}
