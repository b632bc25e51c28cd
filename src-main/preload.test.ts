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
  return { exposed, invoked, required }
}

describe('the preload', () => {
  it('requires nothing but electron and exposes one object', () => {
    const { exposed, required } = loadPreload()
    expect(new Set(required)).toEqual(new Set(['electron']))
    expect(Object.keys(exposed)).toEqual(['integratorConsole'])
  })

  it('exposes exactly one method per contract channel, and nothing else', () => {
    const api = loadPreload().exposed.integratorConsole as Record<string, Record<string, unknown>>
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
})
