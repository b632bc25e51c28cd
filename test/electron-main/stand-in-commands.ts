// The test's commands to the stand-in, each answered from what the main process set up: its
// recording, readiness, IPC handlers, the app scheme, the window's guards, permissions, the
// system's proxies and quit.
import { readFileSync } from 'node:fs'
import type {
  AppResponse,
  Command,
  NativeModules,
  QuitReport,
  Resolution,
} from './stand-in-protocol'
import { app, listenForExit } from './stand-in-app'
import { answerMessageBoxes, ipcHandlerFor, type InvokeEvent } from './stand-in-ipc-dialog'
import { makeReady, recording } from './stand-in-recording'
import { answerSystemProxies, permissionHandlers, protocolHandlerFor } from './stand-in-session'
import { onlyWindow, windows } from './stand-in-window'

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
    listenForExit((exitCode) => {
      clearTimeout(timer)
      listenForExit(undefined)
      // Read before anything else runs: what is still listening when Electron would stop.
      const portListeningAtExit = portListening(port)
      resolve({ prevented, exitCode, portListeningAtExit })
    })
    app.emit('will-quit', {
      preventDefault: () => {
        prevented = true
      },
    })
  })
}

export async function answer(command: Command): Promise<unknown> {
  switch (command.kind) {
    case 'recording':
      return recording()
    case 'message-box-answers':
      answerMessageBoxes(command.responses)
      return null
    case 'system-proxy-answers':
      answerSystemProxies(command.answers)
      return null
    case 'ready': {
      makeReady()
      app.emit('ready', {}, {})
      // Lets the whenReady() callbacks run before the test looks.
      await new Promise((resolve) => setImmediate(resolve))
      return recording()
    }
    case 'invoke': {
      const handler = ipcHandlerFor(command.channel)
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
      const handler = protocolHandlerFor(scheme)
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
      const handler = permissionHandlers().request
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
      const handler = permissionHandlers().check
      if (!handler) throw new Error('no permission check handler')
      const url = command.url
      const contents = url === null ? null : { getURL: () => url }
      return handler(contents, command.permission, url ?? '', {})
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
