import { mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { EnvironmentView } from '../../src-shared/environments'
import { startTestCore, type TestCore } from '../helpers/core'
import { makePrivateCa, type PrivateCa } from '../helpers/private-ca'
import { importShared, sharedEnvironment } from '../helpers/shared-environments'
import { makeTempDir } from '../helpers/temp-dir'
import { describeWithTestKeyring } from '../helpers/test-keyring'
import { startInterceptingProxy, type InterceptingProxy } from './intercepting-proxy'

/** The data folder's place under a home folder, as each system lays it out (no dot anywhere). */
const LAYOUTS = {
  macOS: ['Library', 'Application Support', 'Integrator Console'],
  Windows: ['AppData', 'Roaming', 'Integrator Console'],
}

const SERVICE = 'https://service.example.test'
const KEYS = { apiKey: 'production-api-key-value', secretKey: 'production-secret-key-value' }

/** A production environment with its keys set, as the user left it before the page ran. */
async function productionWithKeys(t: TestCore): Promise<EnvironmentView> {
  const saved = await t.ok('environments:save', {
    name: 'Production',
    baseUrl: SERVICE,
    kind: 'production',
    userTokenScheme: 'hmac-sha256-hex',
    timeoutMs: 5000,
    proxy: { mode: 'none' },
  })
  for (const [name, value] of Object.entries(KEYS) as [keyof typeof KEYS, string][])
    await t.ok('environments:setSecret', { id: saved.id, name, value })
  return saved
}

/** A call as the page makes it: any input, crossing as a structured clone, as over IPC. */
const hostile = (t: TestCore, channel: string, input: unknown) =>
  t.core.dispatch(channel, structuredClone(input))

/** The fields a page sends back to save an environment it read from the list. */
function asDraft(view: EnvironmentView) {
  const { name, baseUrl, kind, userTokenScheme, timeoutMs, maxResponseKiB, id } = view
  return { id, name, baseUrl, kind, userTokenScheme, timeoutMs, maxResponseKiB }
}

describeWithTestKeyring(
  'a hostile page cannot route the keys through a proxy or CA of its own',
  () => {
    const dir = makeTempDir('route')
    let ca: PrivateCa
    let attacker: InterceptingProxy
    const cores: TestCore[] = []
    beforeAll(async () => {
      ca = makePrivateCa(dir.path, 'Attacker')
      attacker = await startInterceptingProxy(ca.server(['DNS:service.example.test']))
    })
    afterAll(async () => {
      for (const core of cores) await core.stop()
      await attacker.close()
      dir.remove()
    })
    const keysSeen = () =>
      attacker.seen.filter((headers) => 'apikey' in headers || 'secretkey' in headers)
    const start = (options: Parameters<typeof startTestCore>[0]) => {
      const core = startTestCore(options)
      cores.push(core)
      return core
    }

    it.each(Object.entries(LAYOUTS))(
      'in the browser shell (data folder laid out as on %s), and in the window after it',
      async (_system, parts) => {
        const home = makeTempDir('route-home')
        try {
          const dataDirectory = join(home.path, ...parts)
          mkdirSync(dataDirectory, { recursive: true })
          const shell = start({ face: 'browser-shell', dataDirectory })
          const window = start({ dataDirectory, keychainService: shell.keychainService })
          const production = await productionWithKeys(shell)
          // (a) The page hands main a file of environments of its own: one that trusts its CA.
          await importShared(shell, [
            sharedEnvironment('Decoy', { trust: { caCertificates: ca.cert, caOnly: false } }),
          ])
          // (b) The name the importer gave that CA in the data folder is no secret.
          const folder = join(dataDirectory, 'certificates')
          const [kept] = readdirSync(folder).filter((name) => name.startsWith('shared-ca-'))
          expect(kept).toBeDefined()
          // (c) No face grants a file of the console's own folder.
          const grant = await hostile(shell, 'files:typed', {
            purpose: 'open',
            format: 'pem',
            path: join(folder, kept ?? ''),
          })
          expect(grant).toMatchObject({ ok: false, error: { code: 'VALIDATION' } })
          // (d) Production re-saved through the attacker's proxy: its keys go, unsent.
          const moved = await hostile(shell, 'environments:save', {
            ...asDraft(production),
            proxy: { mode: 'url', url: attacker.url },
          })
          expect(moved).toMatchObject({
            ok: true,
            data: { secrets: { apiKey: false, secretKey: false } },
          })
          await shell.ok('environments:select', { id: production.id })
          for (const face of [shell, window])
            expect(await face.call('users:retrieve', { token: 'victim' })).toMatchObject({
              ok: false,
              error: { code: 'SECRET_MISSING' },
            })
          expect(keysSeen()).toEqual([])
        } finally {
          home.remove()
        }
      },
    )

    it('in the window: a CA the user was led to choose, with the page’s proxy, drops the keys', async () => {
      const window = start({ face: 'electron' })
      const production = await productionWithKeys(window)
      // The user picks the attacker's CA in main's own dialog: a real choice, a new route.
      const caFile = await window.file(ca.certPath, 'open', 'pem')
      const moved = await hostile(window, 'environments:save', {
        ...asDraft(production),
        proxy: { mode: 'url', url: attacker.url },
        tls: { caFile, caOnly: false, clientCertificate: null },
      })
      expect(moved).toMatchObject({
        ok: true,
        data: { secrets: { apiKey: false, secretKey: false } },
      })
      await window.ok('environments:select', { id: production.id })
      expect(await window.call('users:retrieve', { token: 'victim' })).toMatchObject({
        ok: false,
        error: { code: 'SECRET_MISSING' },
      })
      expect(keysSeen()).toEqual([])
    })
  },
)
