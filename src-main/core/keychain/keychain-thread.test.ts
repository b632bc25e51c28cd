// The keychain thread takes no answer for a call but that call's own: a host that answers out of
// step, or with something that is not an answer, fails the call as the keychain being unusable,
// never throws in main and never hands one call another's secret; a fresh host serves the next.
import { describe, expect, it } from 'vitest'
import type { HostEvents, KeychainHost } from './keychain-host'
import { createKeychainThread } from './keychain-thread'
import { keyringBackend } from './keyring-backend'
import { createVault } from './vault'

type Reply = (request: { id: number; account?: string }) => unknown

/** Hosts that answer as `replies` say, one function per host started, later, as a real one does. */
function hosts(...replies: Reply[]) {
  let started = 0
  const startHost = (events: HostEvents): KeychainHost => {
    const reply = replies[Math.min(started++, replies.length - 1)] ?? (() => undefined)
    return {
      send: (request) => setImmediate(() => events.message(reply(request as { id: number }))),
      hold: () => undefined,
      end: () => setImmediate(() => events.ended(new Error('The keychain host ended.'))),
      atExit: () => undefined,
    }
  }
  return { startHost, started: () => started }
}

const answering: Reply = (request) => ({
  id: request.id,
  ok: true,
  value: `for ${request.account}`,
})

function vaultOn(startHost: (events: HostEvents) => KeychainHost) {
  const thread = createKeychainThread({ startHost })
  return createVault({ backend: keyringBackend('service', thread), platform: 'linux' })
}

const unusable = {
  code: 'KEYCHAIN_UNAVAILABLE',
  said: expect.objectContaining({ id: 'keychain.unusableLinux' }) as unknown,
}

describe('answers from a keychain host', () => {
  it('an answer carrying another call’s id fails this call, and never gives it that value', async () => {
    const { startHost, started } = hosts(
      (request) => ({ id: request.id + 1, ok: true, value: 'another-call-secret' }),
      answering,
    )
    const vault = vaultOn(startHost)
    await expect(vault.get('env', 'apiKey')).rejects.toMatchObject(unusable)
    // The host out of step is let go; the next call, once it has ended, has a fresh one.
    await expect(vault.get('env', 'secretKey')).resolves.toBe('for env/secretKey')
    expect(started()).toBe(2)
  })

  it('a malformed answer fails the call as unusable, without an error thrown in main', async () => {
    const { startHost } = hosts(() => ({ nonsense: true }), answering)
    const vault = vaultOn(startHost)
    await expect(vault.get('env', 'apiKey')).rejects.toMatchObject(unusable)
    await expect(vault.get('env', 'apiKey')).resolves.toBe('for env/apiKey')
  })

  it('a value of the wrong shape fails the call as unusable', async () => {
    const { startHost } = hosts((request) => ({ id: request.id, ok: true, value: 42 }))
    const vault = vaultOn(startHost)
    await expect(vault.get('env', 'apiKey')).rejects.toMatchObject(unusable)
  })
})
