import type { IpcMain, IpcMainInvokeEvent } from 'electron'
import { describe, expect, it } from 'vitest'
import { CHANNELS } from '../src-shared/ipc'
import { registerIpc } from './ipc-main'
import { APP_URL } from './window-security'

const APP = APP_URL
type Listener = (event: IpcMainInvokeEvent, input: unknown) => unknown

function register() {
  const handlers = new Map<string, Listener>()
  const fakeIpcMain = {
    handle: (channel: string, listener: Listener) => handlers.set(channel, listener),
  }
  const dispatched: [string, unknown][] = []
  registerIpc(
    fakeIpcMain as unknown as IpcMain,
    (channel, input) => {
      dispatched.push([channel, input])
      return Promise.resolve({ ok: true, data: 'answer' })
    },
    () => APP,
  )
  const event = (url: string, parent: unknown = null) =>
    ({ senderFrame: { url, parent } }) as unknown as IpcMainInvokeEvent
  return { handlers, dispatched, event }
}

describe('IPC registration', () => {
  it('registers exactly the contract channels', () => {
    expect([...register().handlers.keys()].sort()).toEqual([...CHANNELS].sort())
  })

  it('passes calls from the app page to the core', async () => {
    const { handlers, dispatched, event } = register()
    expect(await handlers.get('users:retrieve')?.(event(APP), { token: 't' })).toEqual({
      ok: true,
      data: 'answer',
    })
    expect(dispatched).toEqual([['users:retrieve', { token: 't' }]])
  })

  it.each([
    ['another page', 'https://evil.example/', null],
    ['a subframe of the app page', APP, { url: APP }],
    ['a local file', 'file:///app/out/renderer/index.html', null],
    ['another host of the app scheme', 'integrator-console://evil/index.html', null],
  ])('refuses %s without reaching the core', async (_, url, parent) => {
    const { handlers, dispatched, event } = register()
    const answer = await handlers.get('environments:setSecret')?.(event(url, parent), {})
    expect(answer).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } })
    expect(dispatched).toEqual([])
  })
})
