// The built main process's native dependencies and its quit, under the recording stand-in for
// electron (see built-main-harness.ts): libsql and the keyring load from out/main, and will-quit
// disposes the core before app.exit.
import { connect } from 'node:net'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_SANDBOX_ID } from '../../src-shared/environments'
import { describeWithTestKeyring } from '../helpers/test-keyring'
import {
  argsOf,
  invoke,
  secretTool,
  startUnpackaged,
  TRUSTED,
  useStandInChildren,
} from './built-main-harness'
import { MAIN_ENTRY, ROOT, type StandInChild } from './stand-in-child'

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** Whether something accepts TCP connections on 127.0.0.1:port; bounded by a 5 s timeout. */
function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port })
    socket.setTimeout(5000)
    const done = (connected: boolean) => {
      socket.destroy()
      resolve(connected)
    }
    socket.once('connect', () => done(true))
    socket.once('error', () => done(false))
    socket.once('timeout', () => done(false))
  })
}

describeWithTestKeyring('the built main process under a recording stand-in for electron', () => {
  describe('unpackaged, serving the built page over its own scheme', () => {
    const children = useStandInChildren()
    let child: StandInChild
    let keychainService = ''

    beforeAll(async () => {
      ;({ child, keychainService } = await startUnpackaged(children))
    })

    it('loads libsql and @napi-rs/keyring from out/main: a users call reaches the embedded sandbox', async () => {
      const retrieved = await invoke(child, 'users:retrieve', TRUSTED, { token: 'nobody-here' })
      expect(retrieved).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } })
      expect(await invoke(child, 'app:info')).toMatchObject({
        ok: true,
        data: { keychain: { available: true }, sandbox: { state: 'running' } },
      })

      const { resolutions, sharedObjects } = await child.request({ kind: 'native-modules' })
      // From the built main process: its entry, or a chunk of it loaded on first use (the sandbox).
      const fromMain = `${pathToFileURL(dirname(MAIN_ENTRY)).href}/`
      for (const name of ['libsql', '@napi-rs/keyring']) {
        const found = resolutions.find(
          (r) => r.specifier === name && r.parentURL?.startsWith(fromMain) === true,
        )
        expect(found?.url, name).toMatch(
          new RegExp(`^${escapeRegExp(pathToFileURL(join(ROOT, 'node_modules', name)).href)}/`),
        )
      }
      // The binaries themselves, loaded from the project's node_modules into this process.
      const modules = join(ROOT, 'node_modules')
      const binaries = sharedObjects.filter((path) => path.endsWith('.node'))
      expect(binaries).toEqual(
        expect.arrayContaining([
          expect.stringMatching(new RegExp(`^${escapeRegExp(join(modules, '@libsql'))}`)),
          expect.stringMatching(
            new RegExp(`^${escapeRegExp(join(modules, '@napi-rs', 'keyring-'))}`),
          ),
        ]),
      )

      // The embedded sandbox's credentials went to the throwaway service the hook named.
      const { stdout } = await secretTool(
        'lookup',
        'service',
        keychainService,
        'username',
        `${LOCAL_SANDBOX_ID}/apiKey`,
      )
      expect(stdout.length).toBeGreaterThan(20)
    })

    // Last in this block: it shuts the core down.
    it('on will-quit, disposes the core (closing the sandbox port) and then calls app.exit(0)', async () => {
      const info = await invoke(child, 'app:info')
      const baseUrl = info.ok ? info.data.sandbox.baseUrl : null
      expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      const port = Number(new URL(baseUrl ?? '').port)
      expect(await canConnect(port)).toBe(true)

      const quit = await child.request({ kind: 'will-quit', port })
      expect(quit).toMatchObject({ prevented: true, exitCode: 0 })
      // The port was closed when app.exit ran: exit followed the dispose, not the 3 s deadline.
      if (process.platform === 'linux') expect(quit.portListeningAtExit).toBe(false)
      expect(await canConnect(port)).toBe(false)
      expect(argsOf(await child.request({ kind: 'recording' }), 'app.exit')).toEqual([[0]])
    })
  })
})
