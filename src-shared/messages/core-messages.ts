import { BASIC_MESSAGES } from './basic-messages'
import { BULK_FILE_MESSAGES } from './bulk-file-messages'
import { BULK_RUN_MESSAGES } from './bulk-run-messages'
import { ENVIRONMENT_MESSAGES } from './environment-messages'
import { FILE_MESSAGES } from './file-messages'
import { KNOWN_USERS_MESSAGES } from './known-users-messages'
import type { SharedMessage } from './message-text'
import { DIAGNOSIS_MESSAGES } from './diagnosis-messages'
import { NETWORK_MESSAGES } from './network-messages'
import { SERVICE_MESSAGES } from './service-messages'

/**
 * Every message of the main-process core (its errors, notes, notices and run states), written in
 * English, each with its id: a face words it from the id in its language (see said.ts). Kept in a
 * table per area; the checks of what crosses IPC and of an environment's use are here.
 */
export const CORE_MESSAGES = {
  ...BASIC_MESSAGES,
  ...NETWORK_MESSAGES,
  ...DIAGNOSIS_MESSAGES,
  ...KNOWN_USERS_MESSAGES,
  // The core: checks of what crosses IPC (app-error.ts, field-errors.ts, dispatcher.ts).
  unknownField: /*i18n*/ { id: 'core.unknownField', message: 'unknown field' },
  invalidInput: /*i18n*/ { id: 'core.invalidInput', message: 'invalid input' },
  invalidInputSummary: /*i18n*/ {
    id: 'core.invalidInputSummary',
    message: 'Invalid input: {field}: {message}',
  },
  invalidInputSummaryMore: /*i18n*/ {
    id: 'core.invalidInputSummaryMore',
    message: 'Invalid input: {field}: {message} (and {count} more)',
  },
  moreFieldErrors: /*i18n*/ {
    id: 'core.moreFieldErrors',
    message: '{count} more fields with errors are not listed',
  },
  unknownChannel: /*i18n*/ { id: 'core.unknownChannel', message: 'Unknown channel.' },
  pageRefused: /*i18n*/ {
    id: 'core.pageRefused',
    message: 'This page may not call the console.',
  },
  answerBreaksContract: /*i18n*/ {
    id: 'core.answerBreaksContract',
    message: 'The main process produced an answer it should not have.',
  },

  // The core: an environment's profile and secrets (core-context.ts, session-handlers.ts,
  // write-confirmation.ts, embedded-sandbox.ts).
  environmentUnusable: /*i18n*/ {
    id: 'core.environmentUnusable',
    message: '"{environment}" cannot be used: {problem}. Edit it in Environments.',
  },
  apiKeyMissing: /*i18n*/ {
    id: 'core.apiKeyMissing',
    message: 'The API key of "{environment}" is not set. Set it in Environments.',
  },
  secretKeyMissing: /*i18n*/ {
    id: 'core.secretKeyMissing',
    message: 'The Secret key of "{environment}" is not set. Set it in Environments.',
  },
  credentialsMissing: /*i18n*/ {
    id: 'core.credentialsMissing',
    message: 'The API key and Secret key of "{environment}" are not set. Set them in Environments.',
  },
  userTokenSecretMissing: /*i18n*/ {
    id: 'core.userTokenSecretMissing',
    message:
      'The userToken secret of "{environment}" is not set. Set it in Environments, or enter an already-hashed userToken.',
  },
  confirmationNeeded: /*i18n*/ {
    id: 'core.confirmationNeeded',
    message:
      '"{environment}" is a production environment: a write must be confirmed with its name.',
  },
  confirmationDeclined: /*i18n*/ {
    id: 'core.confirmationDeclined',
    message:
      'Nothing was written to "{environment}": the write was not confirmed in the window\'s dialog.',
  },
  confirmationMismatch: /*i18n*/ {
    id: 'core.confirmationMismatch',
    message:
      'The confirmation does not match: a write to "{environment}" (production) must be confirmed with exactly its name.',
  },
  sandboxStartFailed: /*i18n*/ {
    id: 'core.sandboxStartFailed',
    message: 'The local sandbox could not start: {error}',
  },
  ...FILE_MESSAGES,
  ...ENVIRONMENT_MESSAGES,
  ...SERVICE_MESSAGES,
  ...BULK_FILE_MESSAGES,
  ...BULK_RUN_MESSAGES,
} as const satisfies Record<string, SharedMessage>
