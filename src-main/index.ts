import { app, BrowserWindow, dialog, ipcMain, Menu, protocol, session } from 'electron'
import { join } from 'node:path'
import { applicationMenuUpdater, pageLanguage } from './app-menu'
import { readAppFile } from './core/page/app-files'
import { createCore } from './core/create-core'
import { chooseFileWith } from './file-dialog'
import { defaultDataDirectory } from './core/storage/data-directory'
import { registerIpc } from './ipc-main'
import { confirmWriteWith } from './write-dialog'
import {
  APP_SCHEME,
  APP_URL,
  developmentServerUrl,
  isPermissionAllowed,
  secureWebPreferences,
} from './window-security'
import { isAppUrl } from './core/page/app-url'
import { testHooks } from './core/wiring/test-hooks'

const OUT = join(import.meta.dirname, '..')
const RENDERER_ROOT = join(OUT, 'renderer')

// Development and test hooks are read only when the app is not packaged: in a shipped build,
// whoever sets ELECTRON_RENDERER_URL would choose the page that gets the whole API.
const devServerUrl = developmentServerUrl(process.env.ELECTRON_RENDERER_URL, app.isPackaged)
const hooks = testHooks(process.env, app.isPackaged)
const appUrl = devServerUrl ?? APP_URL
const dataDirectory = hooks.dataDirectory ?? defaultDataDirectory()
app.setPath('userData', dataDirectory)

// Before ready: the page's scheme is a standard, secure origin (like https), not file://.
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
])

if (!app.requestSingleInstanceLock()) app.quit()

let window: BrowserWindow | undefined

function createWindow(): BrowserWindow {
  const created = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 1024,
    minHeight: 700,
    show: false,
    title: 'Integrator Console',
    webPreferences: secureWebPreferences(
      join(OUT, 'preload', 'index.cjs'),
      devServerUrl !== undefined,
    ),
  })
  created.once('ready-to-show', () => created.show())
  // The page has no external links: nothing opens a window or reaches the OS's browser.
  created.webContents.setWindowOpenHandler(() => ({ action: 'deny' }))
  created.webContents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url, appUrl)) event.preventDefault()
  })
  created.webContents.on('will-attach-webview', (event) => event.preventDefault())
  void created.loadURL(appUrl)
  return created
}

void app.whenReady().then(() => {
  const core = createCore({
    dataDirectory,
    version: app.getVersion(),
    face: 'electron',
    ...(hooks.keychainService ? { keychainService: hooks.keychainService } : {}),
    chooseFile: chooseFileWith(dialog, () => window),
    confirmWrite: confirmWriteWith(
      dialog,
      () => window,
      () => pageLanguage(core.dispatch, [app.getLocale()]),
    ),
    // System mode follows what the window itself would use (PAC, WPAD, the OS's settings).
    systemProxyOfUrl: (url) => session.defaultSession.resolveProxy(url),
  })
  protocol.handle(APP_SCHEME, async (request) => {
    const file = await readAppFile(RENDERER_ROOT, request.url)
    return new Response(new Uint8Array(file.body), { status: file.status, headers: file.headers })
  })
  session.defaultSession.setPermissionRequestHandler((contents, permission, callback) =>
    callback(isPermissionAllowed(permission, contents.getURL(), appUrl)),
  )
  session.defaultSession.setPermissionCheckHandler((contents, permission) =>
    isPermissionAllowed(permission, contents?.getURL() ?? '', appUrl),
  )
  const showMenu = applicationMenuUpdater(
    Menu,
    core.dispatch,
    // The page follows `navigator.languages`, which Electron builds from the app's locale, not
    // from the system's list of preferred languages: reading the same keeps menu and page alike.
    { languages: [app.getLocale()], platform: process.platform },
    console.error,
  )
  void showMenu()
  registerIpc(
    ipcMain,
    async (channel, input) => {
      const answer = await core.dispatch(channel, input)
      // The menu speaks the page's language: a new choice there is a new menu.
      if (channel === 'preferences:set' && answer.ok) void showMenu()
      return answer
    },
    () => appUrl,
  )
  window = createWindow()
  // Events go only to the app's own page, never to whatever a window may have navigated to.
  core.subscribe((event) => {
    const contents = window && !window.isDestroyed() ? window.webContents : undefined
    if (contents && isAppUrl(contents.getURL(), appUrl)) contents.send(event.name, event.payload)
  })
  core.warmUp()

  app.on('second-instance', () => {
    if (window?.isMinimized()) window.restore()
    window?.focus()
  })
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) window = createWindow()
  })
  app.on('will-quit', (event) => {
    event.preventDefault()
    // A stuck shutdown must not keep the app alive.
    const deadline = new Promise((resolve) => setTimeout(resolve, 3000))
    void Promise.race([core.dispose(), deadline]).finally(() => app.exit(0))
  })
})

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})
