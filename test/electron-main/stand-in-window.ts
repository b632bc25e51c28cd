// The stand-in's windows, their webContents and the application menu: what the main process
// opens, loads and guards, kept so the test can drive the one window's events.
import { EventEmitter } from 'node:events'
import { record, requireReady } from './stand-in-recording'

type WindowOpenHandler = (details: { url: string }) => unknown

export class StandInWebContents extends EventEmitter {
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

export const windows: BrowserWindow[] = []

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

export function onlyWindow(): BrowserWindow {
  const [window, ...others] = windows
  if (!window || others.length > 0) throw new Error(`expected one window, found ${windows.length}`)
  return window
}

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
