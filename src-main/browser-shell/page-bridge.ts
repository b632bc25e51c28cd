// Runs in the browser shell's page before any of the app's scripts, in place of the Electron
// preload: it turns the shell's one binding into the same API object the preload exposes (one
// method per contract channel and `on()` for its events, nothing else) and removes the binding
// from the page's globals.
import type { EventName } from '../../src-shared/ipc/channels'
import { buildRendererApi } from '../../src-shared/ipc/renderer-api'
import { SHELL_BINDING, SHELL_EVENTS } from './shell-origin'

type Invoke = (channel: string, input: unknown) => Promise<unknown>

const scope = globalThis as unknown as Record<string, unknown>
const invoke = scope[SHELL_BINDING] as Invoke
Reflect.deleteProperty(scope, SHELL_BINDING)

// The shell pushes each event by calling this; it hands the payload to the page's listeners.
const listeners = new Map<string, Set<(payload: unknown) => void>>()
Object.defineProperty(globalThis, SHELL_EVENTS, {
  value: (event: string, payload: unknown) => {
    for (const listener of listeners.get(event) ?? []) listener(payload)
  },
})

const api = buildRendererApi(
  (channel, input) => invoke(channel, input),
  (event: EventName, listener) => {
    const forEvent = listeners.get(event) ?? new Set()
    listeners.set(event, forEvent.add(listener))
    return () => {
      forEvent.delete(listener)
    }
  },
)
for (const group of Object.values(api)) Object.freeze(group)
Object.defineProperty(globalThis, 'integratorConsole', { value: Object.freeze(api) })
