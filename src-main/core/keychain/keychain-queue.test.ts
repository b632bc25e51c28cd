// When keychain calls give up: each at its deadline, counted from when it was asked. On a clock
// of the test's own, so that no assertion depends on how fast the machine is.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createVault } from './vault'

const hang = () => new Promise<never>(() => undefined)
const after = <T>(ms: number, value: T) =>
  new Promise<T>((resolve) => setTimeout(() => resolve(value), ms))

/** What each call has answered so far: its error code, 'answered', or undefined while waiting. */
function outcomes(calls: Promise<unknown>[]): (string | undefined)[] {
  const seen: (string | undefined)[] = calls.map(() => undefined)
  for (const [i, call] of calls.entries())
    void call.then(
      () => (seen[i] = 'answered'),
      (error: unknown) => (seen[i] = (error as { code?: string }).code),
    )
  return seen
}

describe('keychain calls and their deadlines', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('calls asked together all give up within one timeout, not one timeout each in turn', async () => {
    const vault = createVault({
      backend: { get: hang, set: hang, delete: hang },
      timeoutMs: 1000,
      platform: 'linux',
    })
    // As listing asks each environment's secrets at once.
    const seen = outcomes(Array.from({ length: 6 }, (_, i) => vault.get(`env-${i}`, 'apiKey')))
    await vi.advanceTimersByTimeAsync(1000)
    expect(seen).toEqual(Array(6).fill('KEYCHAIN_UNAVAILABLE'))
  })

  it('an environment’s search and the reads after it share one timeout', async () => {
    const vault = createVault({
      backend: { get: hang, set: hang, delete: hang, findAll: () => after(900, new Map()) },
      timeoutMs: 1000,
      platform: 'linux',
    })
    const seen = outcomes([vault.status('env')])
    await vi.advanceTimersByTimeAsync(1000)
    expect(seen).toEqual(['KEYCHAIN_UNAVAILABLE'])
  })

  it('a call given up while waiting does not let the next start beside the one under way', async () => {
    const started: Record<string, number> = {}
    const zero = performance.now()
    const vault = createVault({
      backend: {
        get: (account) => {
          started[account] = performance.now() - zero
          return hang()
        },
        set: (account) => {
          started[account] = performance.now() - zero
          return after(500, undefined)
        },
        delete: hang,
        findAll: () => after(900, new Map()),
      },
      timeoutMs: 1000,
      platform: 'linux',
    })
    // The search ends at 900 ms; the write asked meanwhile runs from then until it gives up at
    // 1100 ms; the environment's reads, asked at 900 ms, give up at 1000 ms while waiting.
    void vault.getAll('env').catch(() => undefined)
    await vi.advanceTimersByTimeAsync(100)
    void vault.set('other', 'apiKey', 'value').catch(() => undefined)
    await vi.advanceTimersByTimeAsync(900)
    void vault.get('late', 'apiKey').catch(() => undefined)
    await vi.advanceTimersByTimeAsync(1000)
    expect(started['other/apiKey']).toBe(900)
    expect(started['late/apiKey']).toBeGreaterThanOrEqual(1100)
  })
})
