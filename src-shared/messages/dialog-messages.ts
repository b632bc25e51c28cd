import type { SharedMessage } from './message-text'

/**
 * Main's own dialogs in the window, said in the page's language. Not among the shared messages a
 * face recognises in a text: a word such as "Cancel" alone would read like data.
 */
export const DIALOG_MESSAGES = {
  confirmWriteTitle: /*i18n*/ {
    id: 'dialog.confirmWriteTitle',
    message: 'Write to a production environment',
  },
  confirmWriteQuestion: /*i18n*/ {
    id: 'dialog.confirmWriteQuestion',
    message: 'Write to this production environment?',
  },
  /**
   * The environment's name, quoted, as a line of its own: the dialog puts it there, so that no
   * name can run into the question or the warning, or turn them around.
   */
  environmentNameLine: /*i18n*/ {
    id: 'dialog.environmentNameLine',
    message: '"{environment}"',
  },
  confirmWriteConsequence: /*i18n*/ {
    id: 'dialog.confirmWriteConsequence',
    message:
      "Real people's accounts change. Users this write changes: {count}. Nothing is written unless you choose Write.",
  },
  confirmWriteButton: /*i18n*/ { id: 'dialog.confirmWriteButton', message: 'Write' },
  cancel: /*i18n*/ { id: 'dialog.cancel', message: 'Cancel' },
} as const satisfies Record<string, SharedMessage>
