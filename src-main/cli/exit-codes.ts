import type { AppErrorShape } from '../../src-shared/ipc'

/** What a script can tell apart without reading the message; docs/command-line.md lists them. */
export const EXIT = {
  ok: 0,
  /** The service answered and refused: not found, conflict, bad credentials, its own 4xx/5xx. */
  refused: 1,
  /** The command line, a file or a value is wrong, or a production write lacks --confirm. */
  badInput: 2,
  /**
   * No answer: the service cannot be reached (no connection, or its certificate or TLS handshake
   * refused), or did not answer in time.
   */
  unreachable: 3,
  /** The keychain cannot be used, or a credential is not set. */
  credentials: 4,
  /** A Create may or may not have happened: look the token up before sending it again. */
  outcomeUnknown: 5,
  /** `jwt verify`: the token is not valid (signature, key, expiry), or cannot be checked. */
  notVerified: 6,
  /** A defect of the console itself. */
  internal: 70,
  /** A bulk run cancelled with Ctrl+C (the shell's 128 + SIGINT): its ledger is kept. */
  interrupted: 130,
  /**
   * The program reading the output went away (`head -2`): 128 + SIGPIPE, as any Unix command killed
   * by its closed pipe ends.
   */
  closedPipe: 141,
  /** A bulk run cancelled with SIGTERM (128 + SIGTERM), as a CI job's stop sends: likewise. */
  terminated: 143,
} as const
export type ExitCode = (typeof EXIT)[keyof typeof EXIT]

export function exitCodeFor(error: AppErrorShape): ExitCode {
  switch (error.code) {
    case 'VALIDATION':
      // The service's own 4xx carries its status; a value refused before any call does not.
      return error.status === undefined ? EXIT.badInput : EXIT.refused
    case 'CONFIRMATION_REQUIRED':
    case 'SETTINGS_UNREADABLE':
      return EXIT.badInput
    case 'TIMEOUT':
    case 'NETWORK':
      return EXIT.unreachable
    case 'KEYCHAIN_UNAVAILABLE':
    case 'SECRET_MISSING':
      return EXIT.credentials
    case 'OUTCOME_UNKNOWN':
      return EXIT.outcomeUnknown
    case 'INTERNAL':
      return EXIT.internal
    default:
      return EXIT.refused
  }
}
