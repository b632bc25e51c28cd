// Runs in the browser shell's page before any of the app's scripts, in place of the Electron
// preload: it turns the shell's one binding into the same API object the preload exposes (one
// method per contract channel, nothing else) and removes the binding from the page's globals.
import { buildRendererApi } from '../../src-shared/ipc/renderer-api'
import { SHELL_BINDING } from './shell-origin'

type Invoke = (channel: string, input: unknown) => Promise<unknown>

const scope = globalThis as unknown as Record<string, unknown>
const invoke = scope[SHELL_BINDING] as Invoke
Reflect.deleteProperty(scope, SHELL_BINDING)

const api = buildRendererApi((channel, input) => invoke(channel, input))
for (const group of Object.values(api)) Object.freeze(group)
Object.defineProperty(globalThis, 'integratorConsole', { value: Object.freeze(api) })
