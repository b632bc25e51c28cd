import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { CHANNELS, splitChannel } from '../src-shared/ipc'

/** Runs the built, bundled preload as a sandboxed preload would: only 'electron' can be required. */
function loadPreload() {
  const source = readFileSync(resolve(import.meta.dirname, '../out/preload/index.cjs'), 'utf8')
  const exposed: Record<string, unknown> = {}
  const invoked: [string, unknown][] = []
  const required: string[] = []
  const listening = new Map<string, Set<(event: unknown, payload: unknown) => void>>()
  const electron = {
    contextBridge: {
      exposeInMainWorld: (key: string, api: unknown) => {
        exposed[key] = api
      },
    },
    ipcRenderer: {
      invoke: (channel: string, input: unknown) => {
        invoked.push([channel, input])
        return Promise.resolve({ ok: true, data: null })
      },
      on: (channel: string, listener: (event: unknown, payload: unknown) => void) => {
        listening.set(channel, (listening.get(channel) ?? new Set()).add(listener))
      },
      removeListener: (channel: string, listener: (event: unknown, payload: unknown) => void) => {
        listening.get(channel)?.delete(listener)
      },
    },
  }
  const module = { exports: {} }
  // A sandboxed preload has the page's web globals, and no Node.
  runInNewContext(source, {
    TextEncoder,
    URL,
    crypto,
    module,
    exports: module.exports,
    require: (name: string) => {
      required.push(name)
      if (name !== 'electron') throw new Error(`a sandboxed preload cannot require ${name}`)
      return electron
    },
  })
  /** What main's `webContents.send` would deliver on a channel. */
  const push = (channel: string, payload: unknown) => {
    for (const listener of listening.get(channel) ?? []) listener({ sender: 'main' }, payload)
  }
  return { exposed, invoked, required, push }
}

describe('the preload', () => {
  it('requires nothing but electron and exposes one object', () => {
    const { exposed, required } = loadPreload()
    expect(new Set(required)).toEqual(new Set(['electron']))
    expect(Object.keys(exposed)).toEqual(['integratorConsole'])
  })

  it('exposes exactly one method per contract channel, and nothing else', () => {
    const { on, ...api } = loadPreload().exposed.integratorConsole as Record<
      string,
      Record<string, unknown>
    >
    expect(typeof on).toBe('function')
    const methods = Object.entries(api).flatMap(([group, members]) =>
      Object.entries(members).map(([name, value]) => {
        expect(typeof value).toBe('function')
        return `${group}:${name}`
      }),
    )
    expect(methods.sort()).toEqual([...CHANNELS].sort())
  })

  it('sends each method to its own channel with the input unchanged', async () => {
    const { exposed, invoked } = loadPreload()
    const api = exposed.integratorConsole as Record<
      string,
      Record<string, (input?: unknown) => Promise<unknown>>
    >
    for (const channel of CHANNELS) {
      const [group, method] = splitChannel(channel)
      await api[group]?.[method]?.({ probe: channel })
    }
    expect(invoked).toEqual(CHANNELS.map((channel) => [channel, { probe: channel }]))
  })

  it('delivers the contract events to a listener until it unsubscribes, and no other name', () => {
    const { exposed, push } = loadPreload()
    const api = exposed.integratorConsole as {
      on: (event: string, listener: (payload: unknown) => void) => () => void
    }
    const heard: unknown[] = []
    const unsubscribe = api.on('bulk:progress', (payload) => heard.push(payload))
    push('bulk:progress', { done: 1 })
    unsubscribe()
    push('bulk:progress', { done: 2 })
    expect(heard).toEqual([{ done: 1 }])
    expect(() => api.on('users:create', () => undefined)).toThrow('There is no event named')
  })
})
