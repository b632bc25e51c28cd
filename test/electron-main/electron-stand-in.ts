// A recording stand-in for the 'electron' module, loaded in place of it (see register-stand-in.ts)
// when the built main process runs under plain Node. It records what the main process asks of
// Electron and lets the test drive it (ready, IPC, the page's requests, navigation, permissions,
// quit) over the child process's IPC channel. It proves the main process's wiring, not Electron:
// where Electron would throw for a misuse, the stand-in throws too and records a violation.
import { EventEmitter } from 'node:events'
import { readFileSync } from 'node:fs'
import type {
  AppResponse,
  ChildMessage,
  Command,
  CommandMessage,
  NativeModules,
  PACKAGED_ENV,
  QuitReport,
  RecordedCall,
  Recording,
  Resolution,
  StandInFrame,
  VERSION_ENV,
} from './stand-in-protocol'

// The protocol's constants cannot be imported at run time here; the types keep the names equal.
const packagedEnv: typeof PACKAGED_ENV = 'STAND_IN_PACKAGED'
const versionEnv: typeof VERSION_ENV = 'STAND_IN_VERSION'

const calls: RecordedCall[] = []
const violations: string[] = []
let ready = false

/** Functions cannot cross the IPC channel; the recording keeps the fact that one was passed. */
function toRecordable(value: unknown): unknown {
  if (typeof value === 'function') return '[function]'
  if (Array.isArray(value)) return value.map(toRecordable)
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toRecordable(item)]))
  return value
}

function record(api: string, ...args: unknown[]): void {
  calls.push({ api, args: args.map(toRecordable), afterReady: ready })
}

/** Records a misuse and throws it, as Electron would. */
function violation(message: string): never {
  violations.push(message)
  throw new Error(message)
}

function requireReady(what: string): void {
  if (!ready) violation(`${what} before the app is ready`)
}

// --- app -------------------------------------------------------------------------------------

let markReady: () => void = () => undefined
const readyPromise = new Promise<void>((resolve) => (markReady = resolve))
const paths = new Map<string, string>()
let onExit: ((code: number) => void) | undefined

class StandInApp extends EventEmitter {
  get isPackaged(): boolean {
    return process.env[packagedEnv] === '1'
  }
  override on(event: string, listener: (...args: unknown[]) => void): this {
    record('app.on', event)
    return super.on(event, listener)
  }
  override once(event: string, listener: (...args: unknown[]) => void): this {
    record('app.once', event)
    return super.once(event, listener)
  }
  whenReady(): Promise<void> {
    record('app.whenReady')
    return readyPromise
  }
  isReady(): boolean {
    return ready
  }
  requestSingleInstanceLock(): boolean {
    record('app.requestSingleInstanceLock')
    return true
  }
  /** The app's locale on a machine set to Spanish, as the page's `navigator.languages` begins. */
  getLocale(): string {
    record('app.getLocale')
    return 'es-ES'
  }
  getVersion(): string {
    record('app.getVersion')
    return process.env[versionEnv] ?? '0.0.0-stand-in'
  }
  setPath(name: string, path: string): void {
    record('app.setPath', name, path)
    paths.set(name, path)
  }
  getPath(name: string): string {
    record('app.getPath', name)
    const path = paths.get(name)
    if (path === undefined) throw new Error(`Failed to get '${name}' path`)
    return path
  }
  quit(): void {
    record('app.quit')
  }
  /** Recorded, not obeyed: the child stays up so the test can see what the exit left behind. */
  exit(code = 0): void {
    record('app.exit', code)
    onExit?.(code)
  }
}

export const app = new StandInApp()

// --- windows ---------------------------------------------------------------------------------

type WindowOpenHandler = (details: { url: string }) => unknown

class StandInWebContents extends EventEmitter {
  windowOpenHandler: WindowOpenHandler | undefined
  private url = ''
  override on(event: string, listener: (...args: unknown[]) => void): this {
    record('webContents.on', event)
    return super.on(event, listener)
  }
  setWindowOpenHandler(handler: WindowOpenHandler): void {
    record('webContents.setWindowOpenHandler', handler)
    this.windowOpenHandler = handler
  }
  loadURL(url: string): Promise<void> {
    record('webContents.loadURL', url)
    this.url = url
    return Promise.resolve()
  }
  getURL(): string {
    return this.url
  }
  /** A push from main to the page; the recording keeps the event's name, not its payload. */
  send(channel: string): void {
    record('webContents.send', channel)
  }
}

const windows: BrowserWindow[] = []

export class BrowserWindow extends EventEmitter {
  readonly webContents = new StandInWebContents()
  constructor(options: unknown) {
    super()
    record('new BrowserWindow', options)
    requireReady('Cannot create BrowserWindow')
    windows.push(this)
  }
  static getAllWindows(): BrowserWindow[] {
    return [...windows]
  }
  loadURL(url: string): Promise<void> {
    return this.webContents.loadURL(url)
  }
  show(): void {
    record('BrowserWindow.show')
  }
  isMinimized(): boolean {
    return false
  }
  isDestroyed(): boolean {
    return false
  }
  restore(): void {
    record('BrowserWindow.restore')
  }
  focus(): void {
    record('BrowserWindow.focus')
  }
}

// --- protocol and session --------------------------------------------------------------------

type ProtocolHandler = (request: Request) => Response | Promise<Response>
const protocolHandlers = new Map<string, ProtocolHandler>()
let schemesRegistered = false

export const protocol = {
  registerSchemesAsPrivileged(schemes: unknown): void {
    record('protocol.registerSchemesAsPrivileged', schemes)
    if (ready) violation('protocol.registerSchemesAsPrivileged after the app is ready')
    if (schemesRegistered) violation('protocol.registerSchemesAsPrivileged called twice')
    schemesRegistered = true
  },
  handle(scheme: string, handler: ProtocolHandler): void {
    record('protocol.handle', scheme, handler)
    requireReady('protocol.handle')
    if (protocolHandlers.has(scheme)) violation(`The scheme '${scheme}' is already handled`)
    protocolHandlers.set(scheme, handler)
  },
}

interface PermissionContents {
  getURL(): string
}
type PermissionRequestHandler = (
  contents: PermissionContents,
  permission: string,
  callback: (granted: boolean) => void,
  details: Record<string, unknown>,
) => void
type PermissionCheckHandler = (
  contents: PermissionContents | null,
  permission: string,
  requestingOrigin: string,
  details: Record<string, unknown>,
) => boolean

let permissionRequestHandler: PermissionRequestHandler | null = null
let permissionCheckHandler: PermissionCheckHandler | null = null

const defaultSession = {
  setPermissionRequestHandler(handler: PermissionRequestHandler | null): void {
    record('session.setPermissionRequestHandler', handler)
    permissionRequestHandler = handler
  },
  setPermissionCheckHandler(handler: PermissionCheckHandler | null): void {
    record('session.setPermissionCheckHandler', handler)
    permissionCheckHandler = handler
  },
}

export const session = {
  get defaultSession(): typeof defaultSession {
    requireReady('session.defaultSession')
    return defaultSession
  },
}

// --- ipcMain ---------------------------------------------------------------------------------

interface InvokeEvent {
  senderFrame: StandInFrame | null
  sender: StandInWebContents | undefined
  frameId: number
  processId: number
}
type InvokeHandler = (event: InvokeEvent, ...args: unknown[]) => unknown
const ipcHandlers = new Map<string, InvokeHandler>()

class StandInIpcMain extends EventEmitter {
  handle(channel: string, handler: InvokeHandler): void {
    record('ipcMain.handle', channel, handler)
    if (ipcHandlers.has(channel))
      violation(`Attempted to register a second handler for '${channel}'`)
    ipcHandlers.set(channel, handler)
  }
  removeHandler(channel: string): void {
    record('ipcMain.removeHandler', channel)
    ipcHandlers.delete(channel)
  }
}

export const ipcMain = new StandInIpcMain()

// --- dialog ----------------------------------------------------------------------------------

/** Answers as a user who picked a file would; the test reads what was asked from the recording. */
export const dialog = {
  showOpenDialog(window: unknown, options: unknown) {
    record('dialog.showOpenDialog', window instanceof BrowserWindow ? '[window]' : window, options)
    requireReady('dialog.showOpenDialog')
    return Promise.resolve({ canceled: false, filePaths: ['/stand-in/chosen.csv'] })
  },
  showSaveDialog(window: unknown, options: unknown) {
    record('dialog.showSaveDialog', window instanceof BrowserWindow ? '[window]' : window, options)
    requireReady('dialog.showSaveDialog')
    return Promise.resolve({ canceled: false, filePath: '/stand-in/saved.csv' })
  },
  /** Answers with the button the test said a user clicks next; Cancel (0) when it said none. */
  showMessageBox(window: unknown, options: unknown) {
    record('dialog.showMessageBox', window instanceof BrowserWindow ? '[window]' : window, options)
    requireReady('dialog.showMessageBox')
    return Promise.resolve({ response: messageBoxAnswers.shift() ?? 0, checkboxChecked: false })
  },
}
const messageBoxAnswers: number[] = []

// --- menu ------------------------------------------------------------------------------------

/** A menu keeps its template, which the recording shows. */
export const Menu = {
  buildFromTemplate(template: unknown) {
    return { template }
  },
  setApplicationMenu(menu: { template: unknown } | null) {
    record('Menu.setApplicationMenu', menu === null ? null : menu.template)
    requireReady('Menu.setApplicationMenu')
  },
}

export default { app, BrowserWindow, dialog, ipcMain, Menu, protocol, session }

// --- the test's commands ---------------------------------------------------------------------

function recording(): Recording {
  return { mainModule: process.argv[1], ready, calls: [...calls], violations: [...violations] }
}

function onlyWindow(): BrowserWindow {
  const [window, ...others] = windows
  if (!window || others.length > 0) throw new Error(`expected one window, found ${windows.length}`)
  return window
}

/** Whether 127.0.0.1:port has a listening socket, read synchronously from the kernel's table. */
function portListening(port: number): boolean | null {
  let table: string
  try {
    table = readFileSync('/proc/net/tcp', 'utf8')
  } catch {
    return null
  }
  const local = `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`
  const LISTEN = '0A'
  return table
    .split('\n')
    .slice(1)
    .some((line) => {
      const [, address, , state] = line.trim().split(/\s+/)
      return address === local && state === LISTEN
    })
}

function quit(port: number): Promise<QuitReport> {
  return new Promise((resolve, reject) => {
    let prevented = false
    const timer = setTimeout(
      () => reject(new Error('app.exit() was not called within 10 s')),
      10_000,
    )
    onExit = (exitCode) => {
      clearTimeout(timer)
      onExit = undefined
      // Read before anything else runs: what is still listening when Electron would stop.
      const portListeningAtExit = portListening(port)
      resolve({ prevented, exitCode, portListeningAtExit })
    }
    app.emit('will-quit', {
      preventDefault: () => {
        prevented = true
      },
    })
  })
}

async function answer(command: Command): Promise<unknown> {
  switch (command.kind) {
    case 'recording':
      return recording()
    case 'message-box-answers':
      messageBoxAnswers.push(...command.responses)
      return null
    case 'ready': {
      ready = true
      markReady()
      app.emit('ready', {}, {})
      // Lets the whenReady() callbacks run before the test looks.
      await new Promise((resolve) => setImmediate(resolve))
      return recording()
    }
    case 'invoke': {
      const handler = ipcHandlers.get(command.channel)
      if (!handler) throw new Error(`no handler for ${command.channel}`)
      const event: InvokeEvent = {
        senderFrame: command.senderFrame,
        sender: windows[0]?.webContents,
        frameId: 1,
        processId: 1,
      }
      return await handler(event, command.input)
    }
    case 'app-request': {
      const scheme = new URL(command.url).protocol.slice(0, -1)
      const handler = protocolHandlers.get(scheme)
      if (!handler) throw new Error(`no protocol handler for ${scheme}`)
      const response = await handler(new Request(command.url))
      const answered: AppResponse = {
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body: new Uint8Array(await response.arrayBuffer()),
      }
      return answered
    }
    case 'window-open': {
      const handler = onlyWindow().webContents.windowOpenHandler
      if (!handler) throw new Error('no window open handler')
      return handler({ url: command.url })
    }
    case 'webcontents-event': {
      let prevented = false
      const event = {
        url: command.url,
        preventDefault: () => {
          prevented = true
        },
      }
      onlyWindow().webContents.emit(command.event, event, command.url)
      return { prevented }
    }
    case 'permission-request': {
      const handler = permissionRequestHandler
      if (!handler) throw new Error('no permission request handler')
      const url = command.url
      return await new Promise<boolean>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error('the permission callback was not called within 5 s')),
          5000,
        )
        const callback = (granted: boolean) => {
          clearTimeout(timer)
          resolve(granted)
        }
        handler({ getURL: () => url }, command.permission, callback, { requestingUrl: url })
      })
    }
    case 'permission-check': {
      if (!permissionCheckHandler) throw new Error('no permission check handler')
      const url = command.url
      const contents = url === null ? null : { getURL: () => url }
      return permissionCheckHandler(contents, command.permission, url ?? '', {})
    }
    case 'will-quit':
      return quit(command.port)
    case 'native-modules': {
      const resolutions = (globalThis as Record<symbol, Resolution[] | undefined>)[
        Symbol.for('integrator-console.electron-stand-in.resolutions')
      ]
      const report = process.report.getReport() as { sharedObjects?: string[] }
      const modules: NativeModules = {
        resolutions: resolutions ?? [],
        sharedObjects: report.sharedObjects ?? [],
      }
      return modules
    }
  }
}

function send(message: ChildMessage): void {
  process.send?.(message)
}

process.on('message', (message: CommandMessage) => {
  answer(message.command).then(
    (value) => send({ type: 'reply', id: message.id, ok: true, value }),
    (error: unknown) =>
      send({
        type: 'reply',
        id: message.id,
        ok: false,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }),
  )
})

// The whole module graph of the main process evaluates in one synchronous pass after this module,
// so by the next turn of the event loop its top level has run; 'ready' is then the test's to give.
setImmediate(() => send({ type: 'started' }))
