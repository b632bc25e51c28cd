// The built Electron main process (out/main/index.js) loaded under plain Node with a recording
// stand-in for the 'electron' module. No Electron binary is involved: this proves the glue's wiring
// (lock, scheme, window, guards, IPC, packaged-mode rules, quit) and that its native dependencies
// load from out/main, not that Electron behaves as the stand-in does.
import { execFile } from 'node:child_process'
import { readdirSync, readFileSync, existsSync } from 'node:fs'
import { connect } from 'node:net'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCAL_SANDBOX_ID } from '../../src-shared/environments'
import {
  CHANNELS,
  contract,
  resultSchema,
  type Channel,
  type ChannelOutput,
  type Result,
} from '../../src-shared/ipc'
import { APP_SCHEME, APP_URL, secureWebPreferences } from '../../src-main/window-security'
import { makeTempDir } from '../helpers/temp-dir'
import { describeWithTestKeyring, throwawayKeychainService } from '../helpers/test-keyring'
import { MAIN_ENTRY, OUT, ROOT, startStandInChild, type StandInChild } from './stand-in-child'
import {
  PACKAGED_ENV,
  VERSION_ENV,
  type RecordedCall,
  type Recording,
  type StandInFrame,
} from './stand-in-protocol'

const VERSION = '9.8.7-stand-in'
const DEV_URL = 'http://127.0.0.1:5173/'
const PRELOAD = join(OUT, 'preload', 'index.cjs')
const RENDERER = join(OUT, 'renderer')
const TRUSTED: StandInFrame = { url: APP_URL, parent: null }

const secretTool = (...args: string[]) => promisify(execFile)('secret-tool', args)

function callsTo(recording: Recording, api: string): RecordedCall[] {
  return recording.calls.filter((call) => call.api === api)
}

function argsOf(recording: Recording, api: string): unknown[][] {
  return callsTo(recording, api).map((call) => call.args)
}

function webPreferencesOf(recording: Recording): unknown {
  const [options] = argsOf(recording, 'new BrowserWindow').map(
    ([first]) => first as { webPreferences?: unknown },
  )
  return options?.webPreferences
}

async function invoke<C extends Channel>(
  child: StandInChild,
  channel: C,
  senderFrame: StandInFrame | null = TRUSTED,
  input?: unknown,
): Promise<Result<ChannelOutput<C>>> {
  const answer = await child.request({ kind: 'invoke', channel, input, senderFrame })
  // Parsing with the contract proves the answer is the channel's envelope, not just any object.
  return resultSchema(contract[channel].output).parse(answer) as Result<ChannelOutput<C>>
}

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
  const cleanups: (() => void | Promise<void>)[] = []
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  function tempDir(prefix: string): string {
    const dir = makeTempDir(prefix)
    cleanups.push(dir.remove)
    return dir.path
  }

  async function startChild(
    env: Record<string, string>,
    home = tempDir('stand-in-home'),
  ): Promise<StandInChild> {
    const child = await startStandInChild({ home, env: { [VERSION_ENV]: VERSION, ...env } })
    cleanups.push(() => child.stop())
    return child
  }

  describe('unpackaged, serving the built page over its own scheme', () => {
    let child: StandInChild
    let beforeReady: Recording
    let afterReady: Recording
    let userData = ''
    let keychainService = ''

    beforeAll(async () => {
      userData = tempDir('stand-in-data')
      keychainService = throwawayKeychainService()
      child = await startChild({
        INTEGRATOR_CONSOLE_USER_DATA: userData,
        INTEGRATOR_CONSOLE_KEYCHAIN_SERVICE: keychainService,
      })
      beforeReady = await child.request({ kind: 'recording' })
      afterReady = await child.request({ kind: 'ready' })
    })

    it('runs out/main/index.js itself and breaks no Electron rule the stand-in enforces', () => {
      expect(afterReady.mainModule).toBe(MAIN_ENTRY)
      expect(afterReady.violations).toEqual([])
    })

    it('takes the single-instance lock before ready and does not quit', () => {
      expect(callsTo(beforeReady, 'app.requestSingleInstanceLock')).toHaveLength(1)
      expect(callsTo(afterReady, 'app.quit')).toEqual([])
    })

    it('registers its scheme as privileged before ready and handles it after', () => {
      const registered = callsTo(beforeReady, 'protocol.registerSchemesAsPrivileged')
      expect(registered).toHaveLength(1)
      const [schemes] = registered[0]?.args ?? []
      expect(schemes).toEqual([
        expect.objectContaining({
          scheme: APP_SCHEME,
          privileges: expect.objectContaining({ standard: true, secure: true }),
        }),
      ])
      expect(JSON.stringify(schemes)).not.toMatch(/"bypassCSP":true/)
      expect(callsTo(afterReady, 'protocol.handle')).toEqual([
        { api: 'protocol.handle', args: [APP_SCHEME, '[function]'], afterReady: true },
      ])
    })

    it('honours the data-folder override when unpackaged', () => {
      expect(argsOf(beforeReady, 'app.setPath')).toEqual([['userData', userData]])
    })

    it('registers exactly the contract channels with ipcMain.handle', () => {
      expect(argsOf(afterReady, 'ipcMain.handle').map(([channel]) => channel)).toEqual([
        ...CHANNELS,
      ])
    })

    it("answers the app's own top-level page from the core", async () => {
      const info = await invoke(child, 'app:info')
      expect(info).toMatchObject({ ok: true, data: { face: 'electron', version: VERSION } })
      // Every handler reaches the core, whose contract validation refuses an impossible input.
      for (const channel of CHANNELS)
        expect(await invoke(child, channel, TRUSTED, 42), channel).toMatchObject({
          ok: false,
          error: { code: 'VALIDATION' },
        })
    })

    it('refuses subframes, other pages and file:// pages on every channel', async () => {
      const untrusted: [string, StandInFrame | null][] = [
        ['a subframe of the app', { url: APP_URL, parent: TRUSTED }],
        ['a foreign page', { url: 'https://example.com/', parent: null }],
        [
          'the built page over file://',
          { url: pathToFileURL(join(RENDERER, 'index.html')).href, parent: null },
        ],
        [
          'another host on the app scheme',
          { url: `${APP_SCHEME}://evil/index.html`, parent: null },
        ],
        ['the dev server, when not in use', { url: DEV_URL, parent: null }],
        ['a destroyed frame', null],
      ]
      for (const channel of CHANNELS)
        for (const [who, frame] of untrusted)
          expect(await invoke(child, channel, frame), `${channel} from ${who}`).toMatchObject({
            ok: false,
            error: { code: 'FORBIDDEN' },
          })
    })

    it('opens one window with the secure preferences and the built preload, on the app URL', () => {
      expect(callsTo(afterReady, 'new BrowserWindow')).toHaveLength(1)
      const preferences = webPreferencesOf(afterReady)
      expect(preferences).toEqual(secureWebPreferences(PRELOAD, false))
      // Spelled out as well: the shared function changing must not carry this test along with it.
      expect(preferences).toMatchObject({
        preload: PRELOAD,
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        webSecurity: true,
        devTools: false,
      })
      expect(existsSync(PRELOAD)).toBe(true)
      expect(argsOf(afterReady, 'webContents.loadURL')).toEqual([[APP_URL]])
    })

    it('serves the built page and its assets over the app scheme, and nothing outside it', async () => {
      const page = await child.request({ kind: 'app-request', url: APP_URL })
      expect(page.status).toBe(200)
      expect(page.headers['content-type']).toMatch(/^text\/html/)
      expect(page.headers['content-security-policy']).toContain("default-src 'none'")
      const html = readFileSync(join(RENDERER, 'index.html'))
      expect(Buffer.from(page.body).equals(html)).toBe(true)

      const assets = [...html.toString().matchAll(/(?:src|href)="(\.\/assets\/[^"]+)"/g)].map(
        ([, path = '']) => path,
      )
      expect(assets.length).toBeGreaterThan(0)
      for (const asset of assets) {
        const answer = await child.request({
          kind: 'app-request',
          url: new URL(asset, APP_URL).href,
        })
        expect(answer.status, asset).toBe(200)
        expect(Buffer.from(answer.body).equals(readFileSync(join(RENDERER, asset))), asset).toBe(
          true,
        )
      }

      const outside = [readFileSync(join(ROOT, 'package.json')), readFileSync(MAIN_ENTRY)]
      const attempts = [
        '..%2f..%2fpackage.json',
        '../../package.json',
        '%2e%2e/%2e%2e/package.json',
        '..%5c..%5cpackage.json',
        'assets/..%2f..%2f..%2fpackage.json',
        '..%2fmain%2findex.js',
        '..%252f..%252fpackage.json',
        '%00index.html',
      ]
      for (const attempt of attempts) {
        const url = `${APP_SCHEME}://app/${attempt}`
        const answer = await child.request({ kind: 'app-request', url })
        expect(answer.status, url).not.toBe(200)
        const body = Buffer.from(answer.body)
        for (const file of outside) expect(body.includes(file.subarray(0, 64)), url).toBe(false)
      }
    })

    it('grants only clipboard writes, and only to the app page', async () => {
      const request = (permission: string, url: string) =>
        child.request({ kind: 'permission-request', permission, url })
      const check = (permission: string, url: string | null) =>
        child.request({ kind: 'permission-check', permission, url })
      expect(await request('clipboard-sanitized-write', APP_URL)).toBe(true)
      expect(await check('clipboard-sanitized-write', APP_URL)).toBe(true)
      for (const permission of ['media', 'geolocation', 'notifications', 'openExternal']) {
        expect(await request(permission, APP_URL), permission).toBe(false)
        expect(await check(permission, APP_URL), permission).toBe(false)
      }
      expect(await request('clipboard-sanitized-write', 'https://example.com/')).toBe(false)
      expect(await check('clipboard-sanitized-write', 'https://example.com/')).toBe(false)
      expect(await check('clipboard-sanitized-write', null)).toBe(false)
    })

    it('denies every new window and every navigation away from the app', async () => {
      for (const url of ['https://example.com', APP_URL, 'file:///etc/passwd'])
        expect(await child.request({ kind: 'window-open', url }), url).toEqual({ action: 'deny' })
      const navigate = async (url: string) =>
        (await child.request({ kind: 'webcontents-event', event: 'will-navigate', url })).prevented
      for (const url of [
        'https://example.com/',
        `${APP_SCHEME}://evil/index.html`,
        'file:///etc/passwd',
      ])
        expect(await navigate(url), url).toBe(true)
      expect(await navigate(`${APP_URL}#x`)).toBe(false)
      const webview = await child.request({
        kind: 'webcontents-event',
        event: 'will-attach-webview',
        url: 'https://example.com/',
      })
      expect(webview.prevented).toBe(true)
    })

    it("sets the menu bar in the page's language: the system's until one is chosen, then the chosen one", async () => {
      const menuLabels = async () => {
        const menus = argsOf(await child.request({ kind: 'recording' }), 'Menu.setApplicationMenu')
        const [template] = menus.at(-1) ?? []
        return (template as { label: string; submenu: { role?: string; label?: string }[] }[]).map(
          ({ label, submenu }) => [label, submenu.map((item) => item.label ?? '-').join(', ')],
        )
      }
      await expect.poll(menuLabels).toEqual([
        ['Editar', 'Deshacer, Rehacer, -, Cortar, Copiar, Pegar, Seleccionar todo'],
        ['Ver', 'Tamaño real, Ampliar, Reducir, -, Pantalla completa'],
        ['Ventana', 'Minimizar, Cerrar ventana, -, Salir'],
      ])
      expect(await invoke(child, 'preferences:set', TRUSTED, { language: 'en' })).toMatchObject({
        ok: true,
      })
      await expect.poll(menuLabels).toEqual([
        ['Edit', 'Undo, Redo, -, Cut, Copy, Paste, Select All'],
        ['View', 'Actual Size, Zoom In, Zoom Out, -, Toggle Full Screen'],
        ['Window', 'Minimize, Close Window, -, Quit'],
      ])
      await invoke(child, 'preferences:set', TRUSTED, { language: null })
      await expect.poll(async () => (await menuLabels())[0]?.[0]).toBe('Editar')
    })

    it("answers files:choose with the window's own dialogs, modal to it, as grants: a handle and a name", async () => {
      const opened = await invoke(child, 'files:choose', TRUSTED, {
        purpose: 'open',
        format: 'csv',
        allFilesName: 'Todos los archivos',
      })
      expect(opened).toEqual({
        ok: true,
        data: { available: true, file: { handle: expect.any(String), name: 'chosen.csv' } },
      })
      expect(JSON.stringify(opened)).not.toContain('/stand-in/')
      expect(
        await invoke(child, 'files:choose', TRUSTED, {
          purpose: 'save',
          format: 'json',
          suggestedName: 'export.json',
          allFilesName: 'All files',
        }),
      ).toMatchObject({ ok: true, data: { available: true, file: { name: 'saved.csv' } } })
      // The window takes no typed path: only its dialog names a file.
      expect(
        await invoke(child, 'files:typed', TRUSTED, {
          purpose: 'open',
          format: 'csv',
          path: '/stand-in/typed.csv',
        }),
      ).toMatchObject({ ok: false, error: { code: 'VALIDATION' } })
      const recording = await child.request({ kind: 'recording' })
      expect(callsTo(recording, 'dialog.showOpenDialog')[0]?.args).toEqual([
        '[window]',
        expect.objectContaining({
          properties: ['openFile'],
          filters: [
            { name: 'CSV', extensions: ['csv', 'txt'] },
            { name: 'Todos los archivos', extensions: ['*'] },
          ],
        }),
      ])
      expect(callsTo(recording, 'dialog.showSaveDialog')[0]?.args).toEqual([
        '[window]',
        expect.objectContaining({
          defaultPath: 'export.json',
          // Linux asks before replacing a file only when told to; macOS and Windows always do.
          properties: expect.arrayContaining(['showOverwriteConfirmation']),
          filters: [
            { name: 'JSON', extensions: ['json'] },
            { name: 'All files', extensions: ['*'] },
          ],
        }),
      ])
    })

    it("asks main's own dialog before a production write, naming the environment and the count; Cancel writes nothing", async () => {
      const saved = await invoke(child, 'environments:save', TRUSTED, {
        name: 'Producción',
        // Nothing listens on the discard port: a write that passes the dialog fails as not sent.
        baseUrl: 'https://127.0.0.1:9',
        kind: 'production',
        userTokenScheme: 'hmac-sha256-hex',
        timeoutMs: 5000,
      })
      if (!saved.ok) throw new Error(saved.error.message)
      const { id } = saved.data
      for (const name of ['apiKey', 'secretKey'] as const)
        await invoke(child, 'environments:setSecret', TRUSTED, {
          id,
          name,
          value: `${name}-12345678`,
        })
      await invoke(child, 'environments:select', TRUSTED, { id })
      const create = {
        user: { token: 'stand-in-user', status: 0 },
        confirmEnvironment: 'Producción',
      }
      const declined = await invoke(child, 'users:create', TRUSTED, create)
      expect(declined).toMatchObject({ ok: false, error: { code: 'CONFIRMATION_REQUIRED' } })
      const [box] = callsTo(await child.request({ kind: 'recording' }), 'dialog.showMessageBox')
      expect(box?.args[0]).toBe('[window]')
      expect(box?.args[1]).toMatchObject({
        type: 'warning',
        message: expect.stringContaining('Producción'),
        detail: expect.stringMatching(/\b1\b/),
        defaultId: 0,
        cancelId: 0,
      })
      await child.request({ kind: 'message-box-answers', responses: [1] })
      const confirmed = await invoke(child, 'users:create', TRUSTED, create)
      expect(confirmed).toMatchObject({ ok: false, error: { code: 'NETWORK' } })
      await invoke(child, 'environments:select', TRUSTED, { id: 'local-sandbox' })
      await invoke(child, 'environments:delete', TRUSTED, { id })
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

  describe('packaged and development-server modes', () => {
    it('packaged: loads the app scheme and ignores the dev-server, data-folder and keychain hooks', async () => {
      const home = tempDir('stand-in-home')
      const override = tempDir('stand-in-ignored-data')
      const ignoredService = throwawayKeychainService()
      const child = await startChild(
        {
          [PACKAGED_ENV]: '1',
          ELECTRON_RENDERER_URL: DEV_URL,
          INTEGRATOR_CONSOLE_USER_DATA: override,
          INTEGRATOR_CONSOLE_KEYCHAIN_SERVICE: ignoredService,
        },
        home,
      )
      const recording = await child.request({ kind: 'ready' })
      expect(recording.violations).toEqual([])
      expect(argsOf(recording, 'webContents.loadURL')).toEqual([[APP_URL]])
      expect(webPreferencesOf(recording)).toEqual(secureWebPreferences(PRELOAD, false))
      expect(webPreferencesOf(recording)).toMatchObject({ devTools: false })

      // Electron's own userData rule under the child's HOME, not the override.
      const userData = join(home, '.config', 'integrator-console')
      expect(argsOf(recording, 'app.setPath')).toEqual([['userData', userData]])

      expect(await invoke(child, 'app:info', { url: DEV_URL, parent: null })).toMatchObject({
        ok: false,
        error: { code: 'FORBIDDEN' },
      })
      // Starting the embedded sandbox writes its credentials and database: neither goes where the
      // ignored hooks point.
      const retrieved = await invoke(child, 'users:retrieve', TRUSTED, { token: 'nobody-here' })
      expect(retrieved).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } })
      expect(readdirSync(override)).toEqual([])
      expect(existsSync(join(userData, 'sandbox'))).toBe(true)
      await expect(
        secretTool('lookup', 'service', ignoredService, 'username', `${LOCAL_SANDBOX_ID}/apiKey`),
      ).rejects.toThrow()
    })

    it('unpackaged with a loopback dev server: loads it, with devTools', async () => {
      const child = await startChild({
        ELECTRON_RENDERER_URL: DEV_URL,
        INTEGRATOR_CONSOLE_USER_DATA: tempDir('stand-in-data'),
        INTEGRATOR_CONSOLE_KEYCHAIN_SERVICE: throwawayKeychainService(),
      })
      const recording = await child.request({ kind: 'ready' })
      expect(recording.violations).toEqual([])
      expect(argsOf(recording, 'webContents.loadURL')).toEqual([[DEV_URL]])
      expect(webPreferencesOf(recording)).toEqual(secureWebPreferences(PRELOAD, true))
      expect(await invoke(child, 'app:info', { url: DEV_URL, parent: null })).toMatchObject({
        ok: true,
      })
    })

    it('unpackaged with a non-loopback dev server URL: loads the app scheme', async () => {
      const evil = 'http://evil.example/'
      const child = await startChild({
        ELECTRON_RENDERER_URL: evil,
        INTEGRATOR_CONSOLE_USER_DATA: tempDir('stand-in-data'),
        INTEGRATOR_CONSOLE_KEYCHAIN_SERVICE: throwawayKeychainService(),
      })
      const recording = await child.request({ kind: 'ready' })
      expect(recording.violations).toEqual([])
      expect(argsOf(recording, 'webContents.loadURL')).toEqual([[APP_URL]])
      expect(webPreferencesOf(recording)).toEqual(secureWebPreferences(PRELOAD, false))
      expect(await invoke(child, 'app:info', { url: evil, parent: null })).toMatchObject({
        ok: false,
        error: { code: 'FORBIDDEN' },
      })
    })
  })
})
