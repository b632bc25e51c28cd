// The stand-in's `app`: paths, locale, version and the single-instance lock as the main process
// reads them, and an exit that is recorded, not obeyed.
import { EventEmitter } from 'node:events'
import { PACKAGED_ENV, VERSION_ENV } from './stand-in-protocol'
import { isReady, readyPromise, record } from './stand-in-recording'

const paths = new Map<string, string>()
let onExit: ((code: number) => void) | undefined

/** Who hears the next app.exit(); undefined for no one. */
export function listenForExit(listener: ((code: number) => void) | undefined): void {
  onExit = listener
}

class StandInApp extends EventEmitter {
  get isPackaged(): boolean {
    return process.env[PACKAGED_ENV] === '1'
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
    return isReady()
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
    return process.env[VERSION_ENV] ?? '0.0.0-stand-in'
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
