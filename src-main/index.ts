import { app, BrowserWindow, ipcMain, session, shell } from 'electron'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createCore } from './core/create-core'
import { registerIpc } from './ipc-main'
import { isAppUrl, isPermissionAllowed, secureWebPreferences } from './window-security'

const devServerUrl = process.env.ELECTRON_RENDERER_URL
const appUrl =
  devServerUrl ?? pathToFileURL(join(import.meta.dirname, '../renderer/index.html')).href

// Test hooks: end-to-end runs give each app its own data folder and keychain service.
const userDataOverride = process.env.INTEGRATOR_CONSOLE_USER_DATA
if (userDataOverride) app.setPath('userData', userDataOverride)

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
      join(import.meta.dirname, '../preload/index.cjs'),
      !app.isPackaged && devServerUrl !== undefined,
    ),
  })
  created.once('ready-to-show', () => created.show())
  created.webContents.setWindowOpenHandler(({ url }) => {
    if (/^https?:\/\//.test(url)) void shell.openExternal(url)
    return { action: 'deny' }
  })
  created.webContents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url, appUrl)) event.preventDefault()
  })
  created.webContents.on('will-attach-webview', (event) => event.preventDefault())
  void created.loadURL(appUrl)
  return created
}

void app.whenReady().then(() => {
  const core = createCore({
    dataDirectory: app.getPath('userData'),
    version: app.getVersion(),
    ...(process.env.INTEGRATOR_CONSOLE_KEYCHAIN_SERVICE
      ? { keychainService: process.env.INTEGRATOR_CONSOLE_KEYCHAIN_SERVICE }
      : {}),
  })
  session.defaultSession.setPermissionRequestHandler((contents, permission, callback) =>
    callback(isPermissionAllowed(permission, contents.getURL(), appUrl)),
  )
  session.defaultSession.setPermissionCheckHandler((contents, permission) =>
    isPermissionAllowed(permission, contents?.getURL() ?? '', appUrl),
  )
  registerIpc(ipcMain, core.dispatch, () => appUrl)
  window = createWindow()
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
