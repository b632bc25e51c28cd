import type { IpcMain, IpcMainInvokeEvent } from 'electron'
import { CHANNELS, type Result } from '../src-shared/ipc'
import { said } from '../src-shared/messages'
import type { Dispatch } from './core/wiring/dispatcher'
import { isTrustedSender } from './window-security'

const REFUSED: Result<never> = {
  ok: false,
  error: { code: 'FORBIDDEN', said: said('pageRefused') },
}

/** One handler per contract channel; each checks the sender before the core sees the input. */
export function registerIpc(ipcMain: IpcMain, dispatch: Dispatch, appUrl: () => string): void {
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, (event: IpcMainInvokeEvent, input: unknown) =>
      isTrustedSender(event.senderFrame, appUrl()) ? dispatch(channel, input) : REFUSED,
    )
  }
}
