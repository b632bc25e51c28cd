import type { SharedMessage } from './message-text'

/** The local list of known users (src-main/core/known-users): what saving or reading it can meet. */
export const KNOWN_USERS_MESSAGES = {
  knownUsersNotSaved: /*i18n*/ {
    id: 'known.notSaved',
    message: 'The list of known users could not be saved in {folder}: {error}',
  },
  knownUsersBusy: /*i18n*/ {
    id: 'known.busy',
    message:
      'Another window or command of the console is changing the list of known users right now: try again in a moment.',
  },
  knownUsersUnreadable: /*i18n*/ {
    id: 'known.unreadable',
    message:
      'The list of known users in {path} could not be read, so nothing was changed in it: {error}',
  },
} as const satisfies Record<string, SharedMessage>
