// The stand-in's record of what the main process asked of Electron, the Electron rules it broke,
// and whether the stand-in's app is ready yet (which the test decides).
import type { RecordedCall, Recording } from './stand-in-protocol'

const calls: RecordedCall[] = []
const violations: string[] = []
let ready = false
let markReady: () => void = () => undefined
/** Settles when the test makes the app ready, as Electron's app.whenReady() does. */
export const readyPromise = new Promise<void>((resolve) => (markReady = resolve))

export function isReady(): boolean {
  return ready
}

export function makeReady(): void {
  ready = true
  markReady()
}

/** Functions cannot cross the IPC channel; the recording keeps the fact that one was passed. */
function toRecordable(value: unknown): unknown {
  if (typeof value === 'function') return '[function]'
  if (Array.isArray(value)) return value.map(toRecordable)
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toRecordable(item)]))
  return value
}

export function record(api: string, ...args: unknown[]): void {
  calls.push({ api, args: args.map(toRecordable), afterReady: ready })
}

/** Records a misuse and throws it, as Electron would. */
export function violation(message: string): never {
  violations.push(message)
  throw new Error(message)
}

export function requireReady(what: string): void {
  if (!ready) violation(`${what} before the app is ready`)
}

export function recording(): Recording {
  return { mainModule: process.argv[1], ready, calls: [...calls], violations: [...violations] }
}
