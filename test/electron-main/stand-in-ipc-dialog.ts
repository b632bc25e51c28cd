// The stand-in's `ipcMain` and `dialog`: the handlers the main process registers, kept so the
// test can invoke them as a frame would, and dialogs answered as a user would answer them.
import { EventEmitter } from 'node:events'
import type { StandInFrame } from './stand-in-protocol'
import { record, requireReady, violation } from './stand-in-recording'
import { BrowserWindow, type StandInWebContents } from './stand-in-window'

export interface InvokeEvent {
  senderFrame: StandInFrame | null
  sender: StandInWebContents | undefined
  frameId: number
  processId: number
}
type InvokeHandler = (event: InvokeEvent, ...args: unknown[]) => unknown
const ipcHandlers = new Map<string, InvokeHandler>()

class StandInIpcMain extends EventEmitter {
  handle(channel: string, handler: InvokeHandler): void {
    record('ipcMain.handle', channel, handler)
    if (ipcHandlers.has(channel))
      violation(`Attempted to register a second handler for '${channel}'`)
    ipcHandlers.set(channel, handler)
  }
  removeHandler(channel: string): void {
    record('ipcMain.removeHandler', channel)
    ipcHandlers.delete(channel)
  }
}

export const ipcMain = new StandInIpcMain()

export function ipcHandlerFor(channel: string): InvokeHandler | undefined {
  return ipcHandlers.get(channel)
}

const messageBoxAnswers: number[] = []

/** The buttons the next message boxes answer with, in order, as a user would click them. */
export function answerMessageBoxes(responses: readonly number[]): void {
  messageBoxAnswers.push(...responses)
}

/** Answers as a user who picked a file would; the test reads what was asked from the recording. */
export const dialog = {
  showOpenDialog(window: unknown, options: unknown) {
    record('dialog.showOpenDialog', window instanceof BrowserWindow ? '[window]' : window, options)
    requireReady('dialog.showOpenDialog')
    return Promise.resolve({ canceled: false, filePaths: ['/stand-in/chosen.csv'] })
  },
  showSaveDialog(window: unknown, options: unknown) {
    record('dialog.showSaveDialog', window instanceof BrowserWindow ? '[window]' : window, options)
    requireReady('dialog.showSaveDialog')
    return Promise.resolve({ canceled: false, filePath: '/stand-in/saved.csv' })
  },
  /** Answers with the button the test said a user clicks next; Cancel (0) when it said none. */
  showMessageBox(window: unknown, options: unknown) {
    record('dialog.showMessageBox', window instanceof BrowserWindow ? '[window]' : window, options)
    requireReady('dialog.showMessageBox')
    return Promise.resolve({ response: messageBoxAnswers.shift() ?? 0, checkboxChecked: false })
  },
}
