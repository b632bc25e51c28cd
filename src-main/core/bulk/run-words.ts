import type { AppErrorShape } from '../../../src-shared/ipc'
import { said, type Said } from '../../../src-shared/messages'
import type { CreateUserRequest, UserStatus } from '../../../src-shared/service'
import { AppError } from '../errors/app-error'

// Every place where the run puts a situation into words is here, and nowhere else in the engine:
// how a message crosses to the faces can change in this one file.

/** What the run says; the type of `RunProgress.waiting` and of a row's message. */
export type Words = Said

export const runPaused = (): Words => said('runPaused')
export const runCancelling = (): Words => said('runCancelling')

export const waitingForRateLimit = (ms: number): Words =>
  said('waitingRateLimit', { seconds: Math.ceil(ms / 1000) })

/**
 * A message quoted before a sentence of the run's own, closed with a full stop when it has none:
 * "Could not reach … (ECONNREFUSED). Fix it, …", never "(ECONNREFUSED) Fix it". Every language
 * ends its words for a message as the English does, so the English text tells.
 */
function asSentence(message: Said): Said {
  return /[.!?]$/.test(message.text) ? message : said('sentence', { message })
}

export const tryingAgain = (error: AppError, ms: number): Words =>
  said('tryingAgain', { message: asSentence(error.said), seconds: Math.ceil(ms / 1000) })

/** Why the run stopped by itself: the failure every row would meet, and what to do about it. */
export function stoppedBy(error: AppError): AppErrorShape {
  return { ...error.toShape(), said: said('fixAndResume', { message: asSentence(error.said) }) }
}

/** Why the run stopped when something other than the service failed (its file, its ledger). */
export function stoppedByFault(error: unknown): AppErrorShape {
  if (error instanceof AppError) return error.toShape()
  // Its kind only, as the dispatcher logs it: a runtime's own message may quote the data it read.
  const code = (error as { code?: unknown } | null)?.code
  const reason =
    typeof code === 'string' ? code : error instanceof Error ? error.name : typeof error
  return { code: 'INTERNAL', said: said('runStopped', { reason }) }
}

/** The run's environment changed under it (environment-watch.ts); `notSent`: the rows it left. */
export const environmentChanged = (environment: string, notSent: number): AppError =>
  new AppError('VALIDATION', said('environmentChanged', { environment, count: notSent }))

/** A Create whose outcome no Retrieve could settle: the user must look before sending it again. */
export function createUnsettled(why: AppError | Said): AppError {
  const message = why instanceof AppError ? said('createMaybeSent', { message: why.said }) : why
  return new AppError('OUTCOME_UNKNOWN', said('lookUpBeforeResending', { message }))
}

export const rowCreated = (note: Words | null): Words => note ?? said('rowCreated')
export const createdAnswerLost = (): Words => said('createdAnswerLost')
export const existsNotMatching = (): Words => said('existsNotMatching')
export const rowUpdated = (): Words => said('rowUpdated')
export const rowStatusSet = (status: UserStatus): Words => said('rowStatusSet', { status })
export const rowExported = (): Words => said('rowExported')

/** A Create row's outcome as an Update: the fields Update does not take, and the write's note. */
export function existedUpdated(user: CreateUserRequest, note: Words | null): Words {
  const left = (['mobile_phone', 'coverage_name', 'contract_number'] as const).filter(
    (field) => user[field] !== undefined,
  )
  const fields = left.join(', ')
  if (!note)
    return left.length === 0 ? said('existedUpdated') : said('existedUpdatedKept', { fields })
  return left.length === 0
    ? said('existedUpdatedNote', { note })
    : said('existedUpdatedKeptNote', { fields, note })
}
