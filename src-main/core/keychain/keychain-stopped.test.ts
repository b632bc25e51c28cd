// A keyring that stops answering (its daemon stopped: its bus name is still owned, nothing
// answers): listing environments answers within the time the docs promise, with their secrets
// shown as unknown, and once the keyring answers again so does the keychain. It once took a
// timeout per environment, in turn (14 s for the 5 s the docs said).
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { LOCAL_SANDBOX_ID } from '../../../src-shared/environments'
import { startTestCore, type TestCore } from '../../../test/helpers/core'
import { startPrivateKeyring, type PrivateKeyring } from '../../../test/helpers/private-keyring'
import { describeWithTestKeyring } from '../../../test/helpers/test-keyring'

/** The number of seconds docs/security.md says a keychain call takes at most to give up. */
function documentedSeconds(): number {
  const page = readFileSync(resolve(import.meta.dirname, '../../../docs/security.md'), 'utf8')
  const found = /keychain call[^.]*gives up (?:after|within) (\d+)\s+seconds/.exec(page)
  if (!found?.[1]) throw new Error('docs/security.md no longer says when a keychain call gives up')
  return Number(found[1])
}

/** Time for the answer to travel once the deadline has passed, on a busy two-core machine. */
const SLACK_MS = 1500

describeWithTestKeyring('a keyring that stops answering', () => {
  let keyring: PrivateKeyring
  let t: TestCore
  const sharedBus = process.env.DBUS_SESSION_BUS_ADDRESS

  beforeAll(async () => {
    // A keyring of this file's own: stopping it must not stall the other test files' keychain.
    keyring = await startPrivateKeyring()
    process.env.DBUS_SESSION_BUS_ADDRESS = keyring.busAddress
    t = startTestCore()
  })
  afterAll(async () => {
    await t.stop()
    await keyring.stop()
    process.env.DBUS_SESSION_BUS_ADDRESS = sharedBus
  })

  it('lists environments within the documented time, secrets unknown, and recovers', async () => {
    const seconds = documentedSeconds()
    // This face started with the keyring answering: the Local sandbox has its credentials.
    await t.ok('environments:list')
    // Another face adds environments with secrets, which this one has never read.
    const other = startTestCore({
      dataDirectory: t.dataDirectory,
      keychainService: t.keychainService,
      face: 'cli',
    })
    for (let i = 0; i < 6; i++) {
      const { id } = await other.ok('environments:save', {
        name: `Staging ${i}`,
        baseUrl: `https://staging-${i}.example.com`,
        kind: 'staging',
        userTokenScheme: 'plain',
        timeoutMs: 5000,
      })
      await other.ok('environments:setSecret', {
        id,
        name: 'apiKey',
        value: `api-key-${i}-`.padEnd(24, 'x'),
      })
    }
    await other.stop()

    const daemon = await keyring.daemonPid()
    process.kill(daemon, 'SIGSTOP')
    try {
      const started = performance.now()
      const list = await t.ok('environments:list')
      expect(performance.now() - started).toBeLessThan(seconds * 1000 + SLACK_MS)
      expect(list.notices.map((notice) => notice.id)).toContain('environments.secretsUnknown')
      const others = list.environments.filter((e) => e.id !== LOCAL_SANDBOX_ID)
      expect(others).toHaveLength(6)
      for (const environment of others) expect(environment.secrets).toBeNull()
    } finally {
      process.kill(daemon, 'SIGCONT')
    }

    // Answering again, the keyring is asked again: nothing unknown was kept as unset.
    await vi.waitFor(
      async () => {
        const list = await t.ok('environments:list')
        for (const environment of list.environments)
          expect(environment.secrets).toMatchObject({ apiKey: true })
      },
      { timeout: 30_000, interval: 200 },
    )
  }, 60_000)
})
