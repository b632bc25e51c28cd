import type { Writable } from 'node:stream'
import type { Said } from '../../src-shared/messages'
import type { ExitCode } from './exit-codes'

export interface CliIo {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown }
  stdout: Writable & { isTTY?: boolean }
  stderr: Writable & { isTTY?: boolean; columns?: number }
  env: NodeJS.ProcessEnv
}

/** A command that cannot go on: its message goes to stderr, its code is the process's. */
export class CliFailure extends Error {
  constructor(
    readonly exitCode: ExitCode,
    message: string | Said,
    readonly details: readonly (string | Said)[] = [],
  ) {
    super(typeof message === 'string' ? message : message.text)
    this.said = typeof message === 'string' ? undefined : message
  }

  /** The core's message, worded in the command line's language; undefined for its own words. */
  readonly said: Said | undefined
}

export interface GlobalOptions {
  env?: string
  credentialsFromEnv?: boolean
  confirm?: string
  /** For this command only (see command-kit.ts): how its calls leave, what they also trust. */
  proxy?: string
  caFile?: string
}
