// The keychain backend on a keyring of its own, whose daemon the tests stop and restart, with
// either kind of keychain host (a process of its own in Node, a thread in Electron's main).
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { startPrivateKeyring, type PrivateKeyring } from '../../../test/helpers/private-keyring'
import {
  describeWithTestKeyring,
  throwawayKeychainService,
} from '../../../test/helpers/test-keyring'
import { startKeychainHost, type HostKind } from './keychain-host'
import { KeychainNotAnswering } from './keychain-queue'
import { createKeychainThread } from './keychain-thread'
import { keyringBackend } from './keyring-backend'

describeWithTestKeyring.each<HostKind>(['process', 'thread'])(
  'the keyring backend, in a %s',
  (kind) => {
    let keyring: PrivateKeyring
    const sharedBus = process.env.DBUS_SESSION_BUS_ADDRESS
    beforeAll(async () => {
      keyring = await startPrivateKeyring()
      process.env.DBUS_SESSION_BUS_ADDRESS = keyring.busAddress
    })
    afterAll(async () => {
      await keyring.stop()
      process.env.DBUS_SESSION_BUS_ADDRESS = sharedBus
    })
    const backendOf = (service: string) =>
      keyringBackend(
        service,
        createKeychainThread({ startHost: (events) => startKeychainHost(kind, events) }),
      )

    it('answers after the keyring restarted between two calls: its old sessions are not reused', async () => {
      const backend = backendOf(throwawayKeychainService())
      const signal = new AbortController().signal
      await backend.set('env/apiKey', 'kept-across-a-restart', signal)
      expect(await backend.get('env/apiKey', signal)).toBe('kept-across-a-restart')
      const daemon = await keyring.daemonPid()
      process.kill(daemon, 'SIGKILL')
      expect(await backend.get('env/apiKey', signal)).toBe('kept-across-a-restart')
      expect(await keyring.daemonPid()).not.toBe(daemon)
    })
    it('gives up a call the keyring does not answer; others answer at once until it has', async () => {
      const backend = backendOf(throwawayKeychainService())
      const signal = new AbortController().signal
      await backend.set('env/apiKey', 'answered-again', signal)
      const daemon = await keyring.daemonPid()
      process.kill(daemon, 'SIGSTOP')
      try {
        const given = new AbortController()
        const stuck = backend.findAll?.('env/', given.signal)
        given.abort(new Error('given up'))
        await expect(stuck).rejects.toThrow('given up')
        // The thread inside the keyring cannot be stopped there: no second one waits beside it.
        await expect(backend.get('env/apiKey', signal)).rejects.toBeInstanceOf(KeychainNotAnswering)
      } finally {
        process.kill(daemon, 'SIGCONT')
      }
      await vi.waitFor(
        async () => expect(await backend.get('env/apiKey', signal)).toBe('answered-again'),
        {
          timeout: 30_000,
          interval: 100,
        },
      )
    })
  },
)
