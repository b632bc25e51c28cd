import type { BrowserWindow, Dialog } from 'electron'
import { visibleEnvironmentName } from '../src-shared/environments/environment-name'
import type { Language } from '../src-shared/messages'
import { DIALOG_MESSAGES } from '../src-shared/messages/dialog-messages'
import { messageSayer } from './core/i18n/message-translator'
import type { ConfirmWrite } from './core/client/write-confirmation'

/**
 * The window's confirmation of a production write: a dialog of main's, modal to the window,
 * naming the environment and how many users change. The page can type the environment's name,
 * but only the user can answer this. Cancel is the default and what Escape chooses.
 *
 * The name is the last line of the question, quoted and alone: whatever it holds, it cannot run
 * into the question or the warning, nor (a line being where text direction restarts) turn them
 * around. Names are refused such characters when saved; one that holds them anyway is shown
 * with them made visible.
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
    const nameLine = say(DIALOG_MESSAGES.environmentNameLine, {
      environment: visibleEnvironmentName(environment),
    })
    const { response } = await dialog.showMessageBox(window, {
      type: 'warning',
      title: say(DIALOG_MESSAGES.confirmWriteTitle),
      message: `${say(DIALOG_MESSAGES.confirmWriteQuestion)}\n\n${nameLine}`,
      detail: say(DIALOG_MESSAGES.confirmWriteConsequence, {
        count: new Intl.NumberFormat(spoken).format(count),
      }),
      buttons: [say(DIALOG_MESSAGES.cancel), say(DIALOG_MESSAGES.confirmWriteButton)],
      defaultId: 0,
      cancelId: 0,
      noLink: true,
    })
    return response === 1
  }
}
