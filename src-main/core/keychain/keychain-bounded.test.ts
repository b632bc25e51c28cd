// Many keychain calls through the real vault and backend, against the throwaway GNOME Keyring:
// the descriptors of the process and of its keychain host stay bounded and main's event loop
// keeps turning, with either kind of host. Each call of the binding once held a bus connection of
// its own until a garbage collection; at descriptor 1024 the addon spun on main's thread, and IPC
// and SIGTERM went unanswered.
import { readdirSync, readFileSync } from 'node:fs'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { expect, it } from 'vitest'
import { SECRET_NAMES, type SecretName } from '../../../src-shared/environments'
import {
  describeWithTestKeyring,
  throwawayKeychainService,
} from '../../../test/helpers/test-keyring'
import { hostKindHere, startKeychainHost, type HostKind } from './keychain-host'
import { createKeychainThread } from './keychain-thread'
import { keyringBackend } from './keyring-backend'
import { createVault, type SecretBackend, type Vault } from './vault'

/**
 * Enough to cross the bound many times over where each call leaks a connection: the finding's
 * 100 imports reached 429 descriptors. The mix reads about 330 entries in that many calls, more than one host keeps.
 */
const CALLS = 1_500
/**
 * Descriptors the keychain may add: one connection per entry its host holds (at most 256, see
 * keychain-thread.ts) and a search's own.
 */
const GROWTH_BOUND = 280

/** This process's descriptors and those of the processes it started (a keychain host). */
function descriptors(): number {
  const count = (pid: string) => readdirSync(`/proc/${pid}/fd`).length
  const children = readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8')
  let total = count('self')
  for (const child of children.split(' ').filter(Boolean)) {
    try {
      total += count(child)
    } catch {
      // It ended meanwhile, its descriptors with it.
    }
  }
  return total
}

/** The real backend, with its keychain calls counted. */
function counted(inner: SecretBackend) {
  const count = { calls: 0 }
  const backend: SecretBackend = {
    get: (account, signal) => (count.calls++, inner.get(account, signal)),
    set: (account, value, signal) => (count.calls++, inner.set(account, value, signal)),
    delete: (account, signal) => (count.calls++, inner.delete(account, signal)),
    findAll: (prefix, signal) => (
      count.calls++,
      inner.findAll?.(prefix, signal) ?? Promise.resolve(new Map())
    ),
  }
  return { backend, count }
}

/**
 * The i-th call of the mix. Most read one environment's secrets again (a read costs about a
 * millisecond on an entry the keychain host holds; a write about ten, as the keyring writes its
 * file; a search about fifteen, as it opens a connection and a session of its own). One in
 * twenty lists another of a hundred environments with no secrets, whose six entries the search
 * does not cover and are read each on its own: more entries than a host keeps, so it is replaced
 * as they come.
 */
async function call(vault: Vault, i: number, name: SecretName): Promise<void> {
  const step = i % 20
  if (step === 0) return vault.set('hot', name, `secret-${i}`)
  if (step === 1) return vault.clear('hot', name)
  const environment = step === 2 ? `cold-${Math.floor(i / 20) % 100}` : 'hot'
  vault.forget(environment)
  if (step === 2 || step === 3) await vault.getAll(environment)
  else await vault.get(environment, name)
}

describeWithTestKeyring.each<HostKind>(['process', 'thread'])(
  'the keychain under many calls, in a %s',
  (kind) => {
    it(`keeps descriptors bounded and never blocks main over ${CALLS} calls`, async () => {
      const thread = createKeychainThread({
        startHost: (events) => startKeychainHost(kind, events),
      })
      const { backend, count } = counted(keyringBackend(throwawayKeychainService(), thread))
      const vault = createVault({ backend })
      await vault.set('warm-up', 'apiKey', 'warm-up-secret')
      const before = descriptors()
      const delay = monitorEventLoopDelay({ resolution: 20 })
      delay.enable()
      let most = before
      try {
        for (let i = 0; count.calls < CALLS; i++) {
          const name = SECRET_NAMES[i % SECRET_NAMES.length] ?? 'apiKey'
          await call(vault, i, name)
          most = Math.max(most, descriptors())
          if (most - before >= GROWTH_BOUND)
            throw new Error(`descriptors grew by ${most - before} after ${count.calls} calls`)
        }
      } finally {
        delay.disable()
      }
      expect(count.calls).toBeGreaterThanOrEqual(CALLS)
      expect(most - before).toBeLessThan(GROWTH_BOUND)
      // Not a speed bound: a frozen loop (a native call on main's thread) would show seconds.
      expect(delay.max / 1e6).toBeLessThan(1000)
      await vault.settle()
    }, 180_000)
  },
)

describeWithTestKeyring('a list of many environments', () => {
  it('reads forty environments with no secrets on one keychain host, none replaced mid-list', async () => {
    let started = 0
    const thread = createKeychainThread({
      startHost: (events) => {
        started++
        return startKeychainHost(hostKindHere(), events)
      },
    })
    const vault = createVault({ backend: keyringBackend(throwawayKeychainService(), thread) })
    // Each environment's six entries are read on their own: the search lists none of them.
    for (let i = 0; i < 40; i++) await vault.status(`environment-${i}`)
    expect(started).toBe(1)
  })
})
