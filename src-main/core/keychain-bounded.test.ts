// Many keychain calls through the real vault and backend, against the throwaway GNOME Keyring:
// the process's descriptors stay bounded and main's event loop keeps turning. Each call of the
// binding once held a bus connection of its own until a garbage collection; at descriptor 1024
// the addon spun on main's thread, and IPC and SIGTERM went unanswered.
import { readdirSync } from 'node:fs'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { expect, it } from 'vitest'
import { SECRET_NAMES, type SecretName } from '../../src-shared/environments'
import { describeWithTestKeyring, throwawayKeychainService } from '../../test/helpers/test-keyring'
import { keyringBackend } from './keyring-backend'
import { createVault, type SecretBackend, type Vault } from './vault'

const CALLS = 10_000
/** Descriptors the keychain may add: its thread's own and one connection per entry it holds. */
const GROWTH_BOUND = 50

const descriptors = () => readdirSync('/proc/self/fd').length

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
 * millisecond on an entry the keychain thread holds; a write about ten, as the keyring writes its
 * file; a search about fifteen, as it opens a connection and a session of its own). One in a
 * hundred reads another of a hundred environments, more than the thread keeps entries for: it is
 * replaced as they come.
 */
async function call(vault: Vault, i: number, name: SecretName): Promise<void> {
  const step = i % 100
  if (step === 0) return vault.set('hot', name, `secret-${i}`)
  if (step === 1) return vault.clear('hot', name)
  const environment = step === 2 ? `cold-${Math.floor(i / 100) % 100}` : 'hot'
  vault.forget(environment)
  if (step === 3) await vault.getAll(environment)
  else await vault.get(environment, name)
}

describeWithTestKeyring('the keychain under many calls', () => {
  it(`keeps descriptors bounded and never blocks main over ${CALLS} calls`, async () => {
    const { backend, count } = counted(keyringBackend(throwawayKeychainService()))
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
  }, 120_000)
})
