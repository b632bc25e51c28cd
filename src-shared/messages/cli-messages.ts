import { CLI_BULK_MESSAGES } from './cli-bulk-messages'
import { CLI_ENVIRONMENT_MESSAGES } from './cli-environment-messages'
import { saidOf, type Said, type SaidValue } from './said'

/**
 * What the command line says in its own words (its errors, hints and notes on standard error),
 * worded from the id in the language of LANG as the core's messages are. Results on standard
 * output, help and the names of commands, options and fields stay as they are written.
 */
export const CLI_MESSAGES = {
  ...CLI_BULK_MESSAGES,
  ...CLI_ENVIRONMENT_MESSAGES,
  note: /*i18n*/ { id: 'cli.note', message: 'note: {message}' },
  error: /*i18n*/ { id: 'cli.error', message: 'error: {message}' },
  consoleFailed: /*i18n*/ { id: 'cli.consoleFailed', message: 'the console failed: {error}' },
  fieldProblem: /*i18n*/ { id: 'cli.fieldProblem', message: '{field}: {message}' },
  theWholeJson: /*i18n*/ { id: 'cli.theWholeJson', message: '(the JSON)' },
  inputUserJson: /*i18n*/ { id: 'cli.inputUserJson', message: 'the user JSON' },
  inputBaseRecord: /*i18n*/ { id: 'cli.inputBaseRecord', message: 'the base record' },
  inputToken: /*i18n*/ { id: 'cli.inputToken', message: 'the token' },
  inputSecret: /*i18n*/ { id: 'cli.inputSecret', message: 'the secret' },
  tooLarge: /*i18n*/ { id: 'cli.tooLarge', message: 'The input is larger than 1 MiB.' },
  pipeIt: /*i18n*/ {
    id: 'cli.pipeIt',
    message: 'Pipe {what} into the command, or give a file.',
  },
  cannotRead: /*i18n*/ {
    id: 'cli.cannotRead',
    message: 'Cannot read {path} ({code}): give the path of {what}.',
  },
  notJson: /*i18n*/ {
    id: 'cli.notJson',
    message: 'The input is not valid JSON ({what}: {error}).',
  },
  noToken: /*i18n*/ { id: 'cli.noToken', message: 'No token was given, nor piped in.' },
  secretCancelled: /*i18n*/ {
    id: 'cli.secretCancelled',
    message: 'Cancelled: nothing was stored.',
  },
  userInvalid: /*i18n*/ {
    id: 'cli.userInvalid',
    message: 'The user is not valid; nothing was sent.',
  },
  usersInvalid: /*i18n*/ {
    id: 'cli.usersInvalid',
    message: 'Not every user is valid; nothing was sent.',
  },
  userNumbered: /*i18n*/ { id: 'cli.userNumbered', message: 'user {number}: {problem}' },
  usersCreatedBefore: /*i18n*/ {
    id: 'cli.usersCreatedBefore',
    message:
      'User {number} of {total} was not created; those before it were, and their records are printed.',
  },
  baseNotARecord: /*i18n*/ {
    id: 'cli.baseNotARecord',
    message:
      'The base record is not a user record (give what `users get` printed); nothing was sent.',
  },
  baseOfAnotherUser: /*i18n*/ {
    id: 'cli.baseOfAnotherUser',
    message: 'The base record is of the user "{base}", not "{token}"; nothing was sent.',
  },
  updateNeedsStatus: /*i18n*/ {
    id: 'cli.updateNeedsStatus',
    message:
      'The service holds no status for "{token}" that an Update can send back: give "status" in the JSON; nothing was sent.',
  },
  conflictField: /*i18n*/ {
    id: 'cli.conflictField',
    message: '{field}: {read} when read, {now} on the service now, yours {yours}',
  },
  notVerified: /*i18n*/ { id: 'cli.notVerified', message: 'not verified: {message}' },
  credentialsFromEnvNeedsEnv: /*i18n*/ {
    id: 'cli.credentialsFromEnvNeedsEnv',
    message:
      '--credentials-from-env needs --env NAME: the environment the INTEGRATOR_* variables are for.',
  },
  noSuchEnvironment: /*i18n*/ {
    id: 'cli.noSuchEnvironment',
    message: 'There is no environment named "{name}".',
  },
  knownEnvironments: /*i18n*/ {
    id: 'cli.knownEnvironments',
    message: 'Known: {names} (see: integrator-console env list)',
  },
  hintUserExists: /*i18n*/ {
    id: 'cli.hintUserExists',
    message:
      'To change that user, update it: integrator-console users update {token} --json FILE (only the fields to change). A file of users that may exist: integrator-console import FILE --mode createOrUpdate.',
  },
  hintReviewConflict: /*i18n*/ {
    id: 'cli.hintReviewConflict',
    message:
      'Review the fields above, read the user again (integrator-console users get {token}), and update again over what it shows.',
  },
  hintReadAgain: /*i18n*/ {
    id: 'cli.hintReadAgain',
    message:
      'Read the user again (integrator-console users get {token}), make the change over what it shows, and update again.',
  },
  hintConfirm: /*i18n*/ {
    id: 'cli.hintConfirm',
    message: 'This is a production environment: repeat the command with --confirm {environment}.',
  },
  hintSetSecret: /*i18n*/ {
    id: 'cli.hintSetSecret',
    message:
      'Set it: integrator-console env set-secret {environment} {secret} (read from standard input); or pass --credentials-from-env on a machine without a keychain.',
  },
  hintSetBothKeys: /*i18n*/ {
    id: 'cli.hintSetBothKeys',
    message:
      'Set them: integrator-console env set-secret {environment} apiKey, then integrator-console env set-secret {environment} secretKey (each read from standard input); or pass --credentials-from-env on a machine without a keychain.',
  },
  hintCredentialsRefused: /*i18n*/ {
    id: 'cli.hintCredentialsRefused',
    message:
      'Check them with integrator-console env test {environment}, and set them again with integrator-console env set-secret {environment} apiKey, then secretKey.',
  },
  hintVariables: /*i18n*/ {
    id: 'cli.hintVariables',
    message:
      'With --credentials-from-env the secrets come from {variables}, for the environment named with --env only.',
  },
  hintNoKeychain: /*i18n*/ {
    id: 'cli.hintNoKeychain',
    message:
      'Where no keychain exists (a CI container), pass --credentials-from-env and set {variables}.',
  },
  hintEditUrl: /*i18n*/ {
    id: 'cli.hintEditUrl',
    message: 'Fix it: integrator-console env edit {environment} --base-url URL',
  },
  hintClientCertificate: /*i18n*/ {
    id: 'cli.hintClientCertificate',
    message:
      'Give it the certificate: integrator-console env edit {environment} --client-cert PATH --client-key PATH (or --client-pfx PATH); its passphrase: integrator-console env set-secret {environment} clientKeyPassphrase',
  },
  knownUsersOff: /*i18n*/ {
    id: 'cli.knownUsersOff',
    message: 'The list of known users is off: turn it on with `users known --on`.',
  },
  matchesShown: /*i18n*/ {
    id: 'cli.matchesShown',
    message: '{shown} of {matched} matches shown.',
  },
  forgotUsers: /*i18n*/ {
    id: 'cli.forgotUsers',
    message: 'Forgot {count} user(s), in every environment.',
  },
  onAndOff: /*i18n*/ {
    id: 'cli.onAndOff',
    message: '--on and --off ask for opposite things: give one of them; nothing was changed.',
  },
  hintProxy: /*i18n*/ {
    id: 'cli.hintProxy',
    message: 'Choose its proxy: integrator-console env edit {environment} --proxy URL',
  },
} as const

export type CliMessageKey = keyof typeof CLI_MESSAGES

/** A message of the command line with its values. */
export function cliSaid(
  key: CliMessageKey,
  values: Readonly<Record<string, SaidValue>> = {},
): Said {
  return saidOf(CLI_MESSAGES[key], values)
}
