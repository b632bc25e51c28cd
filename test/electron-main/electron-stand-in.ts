// A recording stand-in for the 'electron' module, loaded in place of it (see register-stand-in.ts)
// when the built main process runs under plain Node. It records what the main process asks of
// Electron and lets the test drive it (ready, IPC, the page's requests, navigation, permissions,
// quit) over the child process's IPC channel. It proves the main process's wiring, not Electron:
// where Electron would throw for a misuse, the stand-in throws too and records a violation.
//
// This module is what the main process imports; each part of Electron it stands in for is a
// module of its own (stand-in-app, -window, -session, -ipc-dialog), and stand-in-commands answers
// the test.
import type { ChildMessage, CommandMessage } from './stand-in-protocol'
import { app } from './stand-in-app'
import { answer } from './stand-in-commands'
import { dialog, ipcMain } from './stand-in-ipc-dialog'
import { protocol, session } from './stand-in-session'
import { BrowserWindow, Menu } from './stand-in-window'

export { app, BrowserWindow, dialog, ipcMain, Menu, protocol, session }
export default { app, BrowserWindow, dialog, ipcMain, Menu, protocol, session }

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
