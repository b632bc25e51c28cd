import { BASIC_MESSAGES } from './basic-messages'
import type { SharedMessage } from './message-text'

/**
 * Every message of the main-process core (its errors, notes, notices and run states), said in
 * English; a face in another language recognises and translates them (see shared-messages.ts).
 * The page loads this table only when it speaks another language than English.
 */
export const CORE_MESSAGES = {
  ...BASIC_MESSAGES,
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
    message: 'The API key and Secret key of "{environment}" is not set. Set it in Environments.',
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

  // Files the user chooses (files/file-grants.ts, files/typed-path-rules.ts).
  fileNotChosen: /*i18n*/ {
    id: 'files.notChosen',
    message:
      'This file was not chosen for this use in the console, or its choice was used already. Choose the file again.',
  },
  typedPathsInDialog: /*i18n*/ {
    id: 'files.typedPathsInDialog',
    message: 'In the window, files are chosen in the dialog that Choose… opens, not typed.',
  },
  uploadNotHere: /*i18n*/ {
    id: 'files.uploadNotHere',
    message: 'Only the browser shell takes a file from the browser: here, choose it with Choose….',
  },
  uploadsBusy: /*i18n*/ {
    id: 'files.uploadsBusy',
    message: 'Other files are still being read in: wait for them, then choose this one again.',
  },
  uploadGone: /*i18n*/ {
    id: 'files.uploadGone',
    message: 'This file was not read in whole: choose it again.',
  },
  uploadTooLarge: /*i18n*/ {
    id: 'files.uploadTooLarge',
    message: 'The file is larger than {max} MiB, the most the console reads from the browser.',
  },
  typedPathShare: /*i18n*/ {
    id: 'files.typedPathShare',
    message: 'The path {path} names a share on another machine: copy the file to this one first.',
  },
  typedPathStream: /*i18n*/ {
    id: 'files.typedPathStream',
    message: 'The path {path} has a colon inside it: name a plain file.',
  },
  typedPathHidden: /*i18n*/ {
    id: 'files.typedPathHidden',
    message:
      'The path {path} is inside a hidden folder or names a hidden file (a name starting with a dot), which the console does not read or write here.',
  },
  typedPathOpenType: /*i18n*/ {
    id: 'files.typedPathOpenType',
    message: 'The file {path} is not a CSV file: the console reads files ending in .csv or .txt.',
  },
  typedPathSaveType: /*i18n*/ {
    id: 'files.typedPathSaveType',
    message: 'The console saves this file only with its own ending (.csv or .json), not as {path}.',
  },
  typedPathNotFile: /*i18n*/ {
    id: 'files.typedPathNotFile',
    message: 'The path {path} is not a file.',
  },
  typedPathExists: /*i18n*/ {
    id: 'files.typedPathExists',
    message:
      'The file {path} already exists: the console does not replace files here. Type a new name.',
  },

  // Environments and settings (environments.ts, settings-store.ts, preferences-store.ts).
  variablesStoreNothing: /*i18n*/ {
    id: 'environments.variablesStoreNothing',
    message:
      'With --credentials-from-env nothing is stored in the keychain: set the INTEGRATOR_* variables instead.',
  },
  variablesNeedEnvironment: /*i18n*/ {
    id: 'environments.variablesNeedEnvironment',
    message:
      'With --credentials-from-env, name the environment the variables are for: add --env NAME.',
  },
  variablesNeedOrigin: /*i18n*/ {
    id: 'environments.variablesNeedOrigin',
    message:
      '"{environment}" is not on this machine ({url}): with --credentials-from-env, also set INTEGRATOR_BASE_URL to its address, so that the variables go nowhere else. Nothing was sent.',
  },
  variablesForAnotherOrigin: /*i18n*/ {
    id: 'environments.variablesForAnotherOrigin',
    message:
      'The INTEGRATOR_* variables are for {origin}, but "{environment}" is at {url}. Nothing was sent.',
  },
  variablesBaseUrlInvalid: /*i18n*/ {
    id: 'environments.variablesBaseUrlInvalid',
    message: 'INTEGRATOR_BASE_URL must be an http:// or https:// address, not {url}.',
  },
  secretsForAnotherOrigin: /*i18n*/ {
    id: 'environments.secretsForAnotherOrigin',
    message:
      'The secrets of "{environment}" were set for another address or kind of environment, so they were removed unsent. Set them again in Environments.',
  },
  environmentNotFound: /*i18n*/ {
    id: 'environments.notFound',
    message: 'There is no environment with this id.',
  },
  builtInNotEditable: /*i18n*/ {
    id: 'environments.builtInNotEditable',
    message: 'The built-in Local sandbox cannot be edited.',
  },
  builtInNotDeletable: /*i18n*/ {
    id: 'environments.builtInNotDeletable',
    message: 'The built-in Local sandbox cannot be deleted.',
  },
  environmentNameTaken: /*i18n*/ {
    id: 'environments.nameTaken',
    message: 'An environment named "{name}" already exists.',
  },
  environmentNameTakenField: /*i18n*/ {
    id: 'environments.nameTakenField',
    message: 'Another environment already has this name.',
  },
  runOnlySecrets: /*i18n*/ {
    id: 'environments.runOnlySecrets',
    message:
      'The Local sandbox made its credentials for this session, as no keychain can be used here: they cannot be changed.',
  },
  sandboxWithoutKeychain: /*i18n*/ {
    id: 'environments.sandboxWithoutKeychain',
    message:
      'No keychain can be used on this computer. The Local sandbox works with credentials made for this session only; other environments need a keychain to keep theirs.',
  },
  secretsUnknown: /*i18n*/ {
    id: 'environments.secretsUnknown',
    message: 'The keychain cannot be reached, so whether secrets are set is unknown.',
  },
  settingsNotJson: /*i18n*/ { id: 'settings.notJson', message: 'it is not valid JSON' },
  settingsBadFormat: /*i18n*/ {
    id: 'settings.badFormat',
    message: 'its content does not match the expected format',
  },
  settingsNotMovedAside: /*i18n*/ {
    id: 'settings.notMovedAside',
    message:
      'The settings file {path} cannot be read ({reason}) nor moved aside ({error}). Fix or remove it, then restart.',
  },
  settingsSetAside: /*i18n*/ {
    id: 'settings.setAside',
    message:
      'The settings file could not be read ({reason}). It was kept as {path}; the console started with the built-in Local sandbox only.',
  },
  settingsUnreadable: /*i18n*/ {
    id: 'settings.unreadable',
    message:
      'The settings file {path} cannot be read ({error}); changes to environments cannot be saved until it can.',
  },
  settingsNewerVersion: /*i18n*/ {
    id: 'settings.newerVersion',
    message:
      'The settings file was written by a newer version of the console (schema {version}); it is left untouched and changes cannot be saved.',
  },
  settingsBusy: /*i18n*/ {
    id: 'settings.busy',
    message:
      'Another window or command of the console is changing the environments right now: try again in a moment.',
  },
  preferencesNotSaved: /*i18n*/ {
    id: 'settings.preferencesNotSaved',
    message: 'The preferences could not be saved in {folder}: {error}',
  },

  // The keychain (vault.ts). Each failure is written out whole with its platform's advice: an
  // advice in a placeholder at the end would swallow the suffix of a message that quotes the
  // failure ("... Fix it, then resume the run."), the longer template being recognised first.
  keychainTimeoutMac: /*i18n*/ {
    id: 'keychain.timeoutMac',
    message:
      'The keychain did not answer within {seconds} s (it may be locked). Unlock the login keychain in Keychain Access, then try again.',
  },
  keychainTimeoutWindows: /*i18n*/ {
    id: 'keychain.timeoutWindows',
    message:
      'The keychain did not answer within {seconds} s (it may be locked). Check that Windows Credential Manager is available, then try again.',
  },
  keychainTimeoutLinux: /*i18n*/ {
    id: 'keychain.timeoutLinux',
    message:
      'The keychain did not answer within {seconds} s (it may be locked). Start and unlock a Secret Service keyring (GNOME Keyring or KWallet) in your desktop session, then try again. Credentials are never stored in plain text instead.',
  },
  keychainUnusableMac: /*i18n*/ {
    id: 'keychain.unusableMac',
    message:
      'The keychain cannot be used. Unlock the login keychain in Keychain Access, then try again.',
  },
  keychainUnusableWindows: /*i18n*/ {
    id: 'keychain.unusableWindows',
    message:
      'The keychain cannot be used. Check that Windows Credential Manager is available, then try again.',
  },
  keychainUnusableLinux: /*i18n*/ {
    id: 'keychain.unusableLinux',
    message:
      'The keychain cannot be used. Start and unlock a Secret Service keyring (GNOME Keyring or KWallet) in your desktop session, then try again. Credentials are never stored in plain text instead.',
  },

  // Calls to the service: the operations the activity log names (service-client.ts), quoted in
  // messages about them.
  operationCreateUser: /*i18n*/ { id: 'operation.createUser', message: 'Create user' },
  operationRetrieveUser: /*i18n*/ { id: 'operation.retrieveUser', message: 'Retrieve user' },
  operationUpdateUser: /*i18n*/ { id: 'operation.updateUser', message: 'Update user' },
  operationAuthenticate: /*i18n*/ { id: 'operation.authenticate', message: 'Authenticate' },
  operationSigningKeys: /*i18n*/ { id: 'operation.signingKeys', message: 'Get signing keys' },
  operationTestConnection: /*i18n*/ { id: 'operation.testConnection', message: 'Test connection' },

  // No answer, or one that cannot be read (http-exchange.ts, http-transport.ts).
  noAnswerWithin: /*i18n*/ { id: 'http.noAnswerWithin', message: 'No answer within {seconds} s' },
  unreachable: /*i18n*/ { id: 'http.unreachable', message: 'Could not reach {url}' },
  unreachableCode: /*i18n*/ {
    id: 'http.unreachableCode',
    message: 'Could not reach {url} ({code})',
  },
  notConnectedWithin: /*i18n*/ {
    id: 'http.notConnectedWithin',
    message: 'Could not connect to {url} within {seconds} s; nothing was sent',
  },
  // A refused certificate or TLS handshake (connection-failure.ts): {problem} is one of the
  // tls* messages after it, {code} the OS's or Node's own code.
  tlsRefused: /*i18n*/ {
    id: 'http.tlsRefused',
    message: 'The secure connection to {url} failed, so nothing was sent: {problem} ({code}).',
  },
  tlsSelfSigned: /*i18n*/ {
    id: 'http.tlsSelfSigned',
    message: 'its certificate is self-signed, and this computer does not trust it',
  },
  tlsUnknownIssuer: /*i18n*/ {
    id: 'http.tlsUnknownIssuer',
    message: 'its certificate was issued by an authority this computer does not trust',
  },
  tlsExpired: /*i18n*/ { id: 'http.tlsExpired', message: 'its certificate has expired' },
  tlsNotYetValid: /*i18n*/ {
    id: 'http.tlsNotYetValid',
    message: "its certificate is not valid yet: check this computer's date and time",
  },
  tlsWrongHost: /*i18n*/ {
    id: 'http.tlsWrongHost',
    message: 'its certificate is not for {host}',
  },
  tlsRevoked: /*i18n*/ { id: 'http.tlsRevoked', message: 'its certificate has been revoked' },
  tlsCertificateUnverified: /*i18n*/ {
    id: 'http.tlsCertificateUnverified',
    message: 'its certificate could not be verified',
  },
  tlsHandshakeFailed: /*i18n*/ {
    id: 'http.tlsHandshakeFailed',
    message: 'the service, or something on the way to it, refused the TLS handshake',
  },
  bodyUndecodable: /*i18n*/ {
    id: 'http.bodyUndecodable',
    message: 'its body is not valid {encoding} data ({error})',
  },
  answerUnreadableLogged: /*i18n*/ {
    id: 'http.answerUnreadableLogged',
    message: 'The answer could not be read: {reason}.',
  },
  answerUnreadable: /*i18n*/ {
    id: 'http.answerUnreadable',
    message: "The service's answer to {operation} could not be read: {reason}.",
  },
  answerTooLargeLogged: /*i18n*/ {
    id: 'http.answerTooLargeLogged',
    message: 'The answer was larger than the {limit} this environment allows.',
  },
  answerTooLarge: /*i18n*/ {
    id: 'http.answerTooLarge',
    message:
      "The service's answer to {operation} was larger than the {limit} this environment allows; the console stopped reading it. Raise the limit in Environments if the service really sends that much.",
  },

  // The service's refusals (answer-errors.ts): a default per error code, then what the service
  // said and when to retry, each wrapped around the text before it.
  answerUnauthorized: /*i18n*/ {
    id: 'answer.unauthorized',
    message:
      'The service refused the apiKey / secretKey of this environment. Check them in Environments.',
  },
  answerForbidden: /*i18n*/ {
    id: 'answer.forbidden',
    message: 'The service refused this call for this user or these credentials.',
  },
  answerNotFound: /*i18n*/ { id: 'answer.notFound', message: 'The service has no such user.' },
  answerConflict: /*i18n*/ {
    id: 'answer.conflict',
    message: 'A user with this token already exists.',
  },
  answerRateLimited: /*i18n*/ {
    id: 'answer.rateLimited',
    message: 'The service is rate limiting calls. Wait a moment and try again.',
  },
  answerServer: /*i18n*/ {
    id: 'answer.server',
    message: 'The service failed to handle the call. Try again later.',
  },
  answerValidation: /*i18n*/ { id: 'answer.validation', message: 'The service refused the input.' },
  answerUnexpectedStatus: /*i18n*/ {
    id: 'answer.unexpectedStatus',
    message: 'The service answered {status}, which the console does not expect.',
  },
  refusedSaying: /*i18n*/ { id: 'answer.refusedSaying', message: 'The service refused: {said}.' },
  serviceSaid: /*i18n*/ { id: 'answer.serviceSaid', message: '{message} Service said: {said}' },
  retryAfter: /*i18n*/ { id: 'answer.retryAfter', message: '{message} Retry after {seconds} s.' },

  // The service's answers and a Create whose outcome a Retrieve settles (service-client.ts).
  notAUserRecord: /*i18n*/ {
    id: 'service.notAUserRecord',
    message: 'The service answered {status} but not with a user record.',
  },
  notASession: /*i18n*/ {
    id: 'service.notASession',
    message: 'The service answered {status} but not with a session (jwt, userHash, sessionToken).',
  },
  notAKeySet: /*i18n*/ {
    id: 'service.notAKeySet',
    message: 'The service answered {status} but not with a JSON Web Key Set.',
  },
  changedSinceRead: /*i18n*/ {
    id: 'service.changedSinceRead',
    message:
      'The user changed on the service after it was read ({fields}); nothing was sent. Look at both values and save again.',
  },
  recordNotInAnswer: /*i18n*/ {
    id: 'service.recordNotInAnswer',
    message: 'The service answered {status} without the record; this is what Retrieve returns now.',
  },
  createNotMade: /*i18n*/ {
    id: 'service.createNotMade',
    message: '{message}. A Retrieve shows the user was NOT created; it is safe to try again.',
  },
  createUnsettled: /*i18n*/ {
    id: 'service.createUnsettled',
    message:
      '{message}, and a Retrieve could not tell whether the user was created. Look up the token before trying again.',
  },
  createMismatch: /*i18n*/ {
    id: 'service.createMismatch',
    message:
      '{message}. A user with this token exists but does not match what was sent; it may have existed before. Look it up before doing anything else.',
  },
  createConfirmed: /*i18n*/ {
    id: 'service.createConfirmed',
    message: '{message}; a Retrieve confirms the user was created.',
  },
  connected: /*i18n*/ {
    id: 'service.connected',
    message: 'Connected: the service accepted the credentials.',
  },

  // Checks of a session JWT (jwt-verification.ts).
  jwtExpired: /*i18n*/ {
    id: 'jwt.expired',
    message: 'The token has expired (its exp claim is in the past).',
  },
  jwtNotYetValid: /*i18n*/ {
    id: 'jwt.notYetValid',
    message: 'The token is not valid yet (its nbf claim).',
  },
  jwtBadSignature: /*i18n*/ {
    id: 'jwt.badSignature',
    message:
      'The signature does not match: the token was changed, or signed by another key with the same id.',
  },
  jwtUnknownKey: /*i18n*/ {
    id: 'jwt.unknownKey',
    message:
      'None of the keys the service publishes signed this token (no key with its kid and algorithm).',
  },
  jwtUncheckable: /*i18n*/ {
    id: 'jwt.uncheckable',
    message: 'The token cannot be checked: {error}.',
  },
  jwtMalformed: /*i18n*/ {
    id: 'jwt.malformed',
    message: 'This is not a JWT: three base64url parts, the first a JSON header.',
  },
  jwtNoKeys: /*i18n*/ { id: 'jwt.noKeys', message: 'Cannot verify: no JWKS at {url}.' },

  // Bulk: the CSV file (bulk/csv-input.ts, bulk/csv-output.ts, bulk/plan.ts).
  noFileAt: /*i18n*/ { id: 'bulk.noFileAt', message: 'There is no file at {path}.' },
  fileReadDenied: /*i18n*/ {
    id: 'bulk.fileReadDenied',
    message: 'The file {path} cannot be read: permission denied.',
  },
  fileIsFolder: /*i18n*/ {
    id: 'bulk.fileIsFolder',
    message: '{path} is a folder, not a CSV file.',
  },
  fileUnreadable: /*i18n*/ {
    id: 'bulk.fileUnreadable',
    message: 'The file {path} cannot be read ({code}).',
  },
  fileUnreadableUnknown: /*i18n*/ {
    id: 'bulk.fileUnreadableUnknown',
    message: 'The file {path} cannot be read (unknown error).',
  },
  notCsvZip: /*i18n*/ {
    id: 'bulk.notCsvZip',
    message:
      '{file} cannot be read as CSV: it is an Excel workbook (.xlsx) or another zip file, not CSV: save it as "CSV UTF-8" or "CSV (separated by ;)".',
  },
  notCsvXls: /*i18n*/ {
    id: 'bulk.notCsvXls',
    message:
      '{file} cannot be read as CSV: it is an old Excel workbook (.xls), not CSV: save it as "CSV UTF-8".',
  },
  notCsvUtf16: /*i18n*/ {
    id: 'bulk.notCsvUtf16',
    message: '{file} cannot be read as CSV: it is UTF-16 text: save it as "CSV UTF-8".',
  },
  notCsvBinary: /*i18n*/ {
    id: 'bulk.notCsvBinary',
    message: '{file} cannot be read as CSV: it contains binary data (NUL bytes), not text.',
  },
  csvUnreadableNearLine: /*i18n*/ {
    id: 'bulk.csvUnreadableNearLine',
    message: '{file} cannot be read as CSV near line {line}: {error}',
  },
  csvUnreadable: /*i18n*/ {
    id: 'bulk.csvUnreadable',
    message: '{file} cannot be read as CSV: {error}',
  },
  fileEmpty: /*i18n*/ { id: 'bulk.fileEmpty', message: '{file} is empty.' },
  noHeaderRow: /*i18n*/ {
    id: 'bulk.noHeaderRow',
    message: '{file} has no header row: its first row must name the columns.',
  },
  tooManyFileColumns: /*i18n*/ {
    id: 'bulk.tooManyFileColumns',
    message: '{file} has {count} columns; at most {max} are read.',
  },
  fileChangedWhileRead: /*i18n*/ {
    id: 'bulk.fileChangedWhileRead',
    message:
      '{file} changed while it was being read: nothing after row {row} was read. Its rows are read only as they were checked; put the file back as it was, or check it again.',
  },
  writeExists: /*i18n*/ {
    id: 'bulk.writeExists',
    message:
      'The file {path} already exists and was left as it is; nothing was saved. Choose a new name.',
  },
  writeNoFolder: /*i18n*/ {
    id: 'bulk.writeNoFolder',
    message:
      'The file {path} could not be written (its folder does not exist); nothing was saved there.',
  },
  writeDenied: /*i18n*/ {
    id: 'bulk.writeDenied',
    message: 'The file {path} could not be written (permission denied); nothing was saved there.',
  },
  writeIsFolder: /*i18n*/ {
    id: 'bulk.writeIsFolder',
    message: 'The file {path} could not be written (it is a folder); nothing was saved there.',
  },
  writeDiskFull: /*i18n*/ {
    id: 'bulk.writeDiskFull',
    message: 'The file {path} could not be written (the disk is full); nothing was saved there.',
  },
  writeFailed: /*i18n*/ {
    id: 'bulk.writeFailed',
    message: 'The file {path} could not be written (error {code}); nothing was saved there.',
  },
  writeFailedUnknown: /*i18n*/ {
    id: 'bulk.writeFailedUnknown',
    message: 'The file {path} could not be written (error unknown); nothing was saved there.',
  },
  mappingColumnCount: /*i18n*/ {
    id: 'bulk.mappingColumnCount',
    message: 'the mapping has {count} columns but the file has {columns}',
  },
  mappingUnusable: /*i18n*/ {
    id: 'bulk.mappingUnusable',
    message: 'The column mapping cannot be used: {problem}.',
  },
  duplicateToken: /*i18n*/ {
    id: 'bulk.duplicateToken',
    message: 'the same token is on row {row}: each user may appear once',
  },

  // Bulk: dry runs and runs (bulk/bulk-service.ts, bulk/ledger.ts).
  dryRunNotHeld: /*i18n*/ {
    id: 'bulk.dryRunNotHeld',
    message: 'This dry run is no longer held; start again from the file.',
  },
  runNotHeld: /*i18n*/ {
    id: 'bulk.runNotHeld',
    message: 'This run is no longer held; start again from the file.',
  },
  runInProgress: /*i18n*/ {
    id: 'bulk.runInProgress',
    message: 'A bulk run is already in progress: wait for it, or cancel it.',
  },
  changedSinceDryRun: /*i18n*/ {
    id: 'bulk.changedSinceDryRun',
    message: '{file} changed since its dry run: check it again before sending anything.',
  },
  changedSinceDryRunField: /*i18n*/ {
    id: 'bulk.changedSinceDryRunField',
    message: 'the file changed since its dry run',
  },
  exportFileOnlyForExport: /*i18n*/ {
    id: 'bulk.exportFileOnlyForExport',
    message: 'Only an export writes its records to a file: this run changes users and writes none.',
  },
  exportNeedsFile: /*i18n*/ {
    id: 'bulk.exportNeedsFile',
    message: 'An export needs the file to write the records to.',
  },
  exportNeedsFileField: /*i18n*/ {
    id: 'bulk.exportNeedsFileField',
    message: 'choose where the export goes',
  },
  notTheRunFile: /*i18n*/ {
    id: 'bulk.notTheRunFile',
    message: '{file} is not the file this run was started with (its content differs).',
  },
  notTheRunFileField: /*i18n*/ {
    id: 'bulk.notTheRunFileField',
    message: 'not the file of this run',
  },
  discardInProgress: /*i18n*/ {
    id: 'bulk.discardInProgress',
    message: 'This run is in progress: cancel it before discarding it.',
  },
  runUnderWayElsewhere: /*i18n*/ {
    id: 'bulk.runUnderWayElsewhere',
    message:
      'This run is under way in another process of the console (another window, or one that stopped in the last {seconds} seconds): wait for it, or try again in a moment.',
  },
  runGone: /*i18n*/ {
    id: 'bulk.runGone',
    message:
      'This run is no longer there to resume: it finished, or was discarded, in another window.',
  },
  claimLost: /*i18n*/ {
    id: 'bulk.claimLost',
    message: 'another process of the console took this run over (its claim went stale)',
  },
  ledgerUnwritable: /*i18n*/ {
    id: 'bulk.ledgerUnwritable',
    message: 'its ledger could not be written ({error})',
  },
  ledgerClosed: /*i18n*/ { id: 'bulk.ledgerClosed', message: 'the ledger of this run is closed' },

  // Bulk: a run's state and each row's outcome (bulk/run-words.ts, bulk/bulk-service.ts).
  runPaused: /*i18n*/ {
    id: 'bulk.runPaused',
    message: 'Paused: calls in flight finish, no new row is sent.',
  },
  runCancelling: /*i18n*/ {
    id: 'bulk.runCancelling',
    message: 'Cancelling: calls in flight finish, no new row is sent.',
  },
  runStopped: /*i18n*/ { id: 'bulk.runStopped', message: 'The run stopped: {reason}' },
  waitingRateLimit: /*i18n*/ {
    id: 'bulk.waitingRateLimit',
    message: 'The service is rate limiting calls: waiting {seconds} s.',
  },
  tryingAgain: /*i18n*/ {
    id: 'bulk.tryingAgain',
    message: '{message} Trying again in {seconds} s.',
  },
  fixAndResume: /*i18n*/ {
    id: 'bulk.fixAndResume',
    message: '{message} Fix it, then resume the run.',
  },
  lookUpBeforeResending: /*i18n*/ {
    id: 'bulk.lookUpBeforeResending',
    message: '{message} Look the token up before sending this row again.',
  },
  createMaybeSent: /*i18n*/ {
    id: 'bulk.createMaybeSent',
    message:
      'A Create of this row may have reached the service, and a Retrieve could not tell ({message})',
  },
  createdAnswerLost: /*i18n*/ {
    id: 'bulk.createdAnswerLost',
    message: 'Created; its answer was lost, and a Retrieve shows the user as sent.',
  },
  existsNotMatching: /*i18n*/ {
    id: 'bulk.existsNotMatching',
    message:
      'A user with this token exists but does not match the row; it may have existed before. Look it up.',
  },
  rowCreated: /*i18n*/ { id: 'bulk.rowCreated', message: 'Created.' },
  rowUpdated: /*i18n*/ { id: 'bulk.rowUpdated', message: 'Updated.' },
  rowExported: /*i18n*/ { id: 'bulk.rowExported', message: 'Exported.' },
  rowStatusSet: /*i18n*/ { id: 'bulk.rowStatusSet', message: 'Status set to {status}.' },
  existedUpdated: /*i18n*/ {
    id: 'bulk.existedUpdated',
    message: 'Already existed: its updatable fields were updated.',
  },
  existedUpdatedKept: /*i18n*/ {
    id: 'bulk.existedUpdatedKept',
    message:
      'Already existed: its updatable fields were updated ({fields} kept as stored: Update does not take them).',
  },
  existedUpdatedNote: /*i18n*/ {
    id: 'bulk.existedUpdatedNote',
    message: 'Already existed: its updatable fields were updated. {note}',
  },
  existedUpdatedKeptNote: /*i18n*/ {
    id: 'bulk.existedUpdatedKeptNote',
    message:
      'Already existed: its updatable fields were updated ({fields} kept as stored: Update does not take them). {note}',
  },
  rerunOnlyFinished: /*i18n*/ {
    id: 'bulk.rerunOnlyFinished',
    message:
      'Only a run that finished can send its failed rows again: a cancelled or stopped run is resumed instead.',
  },
  nothingToRerun: /*i18n*/ {
    id: 'bulk.nothingToRerun',
    message: 'No row of this run failed or was left unsent: there is nothing to send again.',
  },
  notReached: /*i18n*/ {
    id: 'bulk.notReached',
    message: 'Not sent: the run ended before reaching this row; resuming the run sends it.',
  },
  doneEarlier: /*i18n*/ {
    id: 'bulk.doneEarlier',
    message: 'Done in an earlier session of this run.',
  },
  setAsideMaybeSent: /*i18n*/ {
    id: 'bulk.setAsideMaybeSent',
    message:
      'Stopped while a Create of this row may have reached the service: resuming the run asks the service first; otherwise look the token up before sending it again.',
  },
  setAsideNotSent: /*i18n*/ {
    id: 'bulk.setAsideNotSent',
    message: 'Not sent: the run stopped before its call; resuming the run sends it.',
  },
  setAsideNotDone: /*i18n*/ {
    id: 'bulk.setAsideNotDone',
    message:
      'Not done: the run stopped before its outcome was known (an attempt may have reached the service; sending it again is safe); resuming the run sends it.',
  },
} as const satisfies Record<string, SharedMessage>
