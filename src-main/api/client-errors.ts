import type { ApiErrorCode, UserRecord } from './types'

/** A failure as the core answers it (its shape in src-shared/ipc/result.ts). */
export interface CoreFailure {
  code: ApiErrorCode
  status?: number | undefined
  said: { id: string; text: string }
  fieldErrors?: Readonly<Record<string, readonly { text: string }[]>> | undefined
}

interface FailureContext {
  /** The option's name for a field the core names as its channel does. */
  fieldOf?: (field: string) => string
  index?: number
  created?: readonly UserRecord[]
}

/**
 * A call that failed, as the console tells it: `code` says what happened (refused by the service,
 * not sent, outcome unknown …), `message` says it in English, and `fields` names each field the
 * service's rules refused. Secrets never appear in it: the core hides them before it gets here.
 */
export class IntegratorConsoleError extends Error {
  readonly code: ApiErrorCode
  /** The HTTP status the service answered, when it answered. */
  readonly status: number | undefined
  readonly fields: Readonly<Record<string, readonly string[]>>
  /** The message's id in the console's tables, for a suite that words it itself. */
  readonly messageId: string
  /** createUsers: the place (from 0) of the user that failed, and the users created before it. */
  readonly index: number | undefined
  readonly created: readonly UserRecord[]

  constructor(error: CoreFailure, told: FailureContext = {}) {
    super(error.said.text)
    this.name = 'IntegratorConsoleError'
    this.code = error.code
    this.status = error.status
    this.messageId = error.said.id
    this.index = told.index
    this.created = told.created ?? []
    const fieldOf = told.fieldOf ?? ((field: string) => field)
    this.fields = Object.fromEntries(
      Object.entries(error.fieldErrors ?? {}).map(([field, said]) => [
        fieldOf(field),
        said.map((one) => one.text),
      ]),
    )
  }
}
