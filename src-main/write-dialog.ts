import type { BrowserWindow, Dialog } from 'electron'
import type { Language } from '../src-shared/messages'
import { DIALOG_MESSAGES } from '../src-shared/messages/dialog-messages'
import { messageSayer } from './core/message-translator'
import type { ConfirmWrite } from './core/write-confirmation'

/**
 * The window's confirmation of a production write: a dialog of main's, modal to the window,
 * naming the environment and how many users change. The page can type the environment's name,
 * but only the user can answer this. Cancel is the default and what Escape chooses.
 */
export function confirmWriteWith(
  dialog: Pick<Dialog, 'showMessageBox'>,
  parent: () => BrowserWindow | undefined,
  language: () => Promise<Language>,
): ConfirmWrite {
  return async ({ environment, count }) => {
    const window = parent()
    if (!window) return false
    const spoken = await language()
    const say = await messageSayer(spoken)
    const values = { environment, count: new Intl.NumberFormat(spoken).format(count) }
    const { response } = await dialog.showMessageBox(window, {
      type: 'warning',
      title: say(DIALOG_MESSAGES.confirmWriteTitle),
      message: say(DIALOG_MESSAGES.confirmWriteMessage, values),
      detail: say(DIALOG_MESSAGES.confirmWriteDetail, values),
      buttons: [say(DIALOG_MESSAGES.cancel), say(DIALOG_MESSAGES.confirmWriteButton)],
      defaultId: 0,
      cancelId: 0,
      noLink: true,
    })
    return response === 1
  }
}
