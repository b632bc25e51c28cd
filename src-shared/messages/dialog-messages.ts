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
  confirmWriteMessage: /*i18n*/ {
    id: 'dialog.confirmWriteMessage',
    message: 'Write to "{environment}"?',
  },
  confirmWriteDetail: /*i18n*/ {
    id: 'dialog.confirmWriteDetail',
    message:
      '"{environment}" is a production environment: real people\'s accounts change. Users this write changes: {count}. Nothing is written unless you choose Write.',
  },
  confirmWriteButton: /*i18n*/ { id: 'dialog.confirmWriteButton', message: 'Write' },
  cancel: /*i18n*/ { id: 'dialog.cancel', message: 'Cancel' },
} as const satisfies Record<string, SharedMessage>
