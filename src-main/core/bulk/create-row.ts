import {
  SHARED_OPTIONAL_FIELDS,
  type CreateUserRequest,
  type UpdateUserRequest,
  type UserRecord,
} from '../../../src-shared/service'
import { AppError } from '../errors/app-error'
import type { ServiceClient } from '../client/service-client'
import { updateWhole } from '../client/update-guard'
import { idempotently, PauseRun, type RowCalls } from './row-attempts'
import type { RowRequest } from './row-input'
import { afterRetrieve, createVerdict, mayHaveReached } from './run-decisions'
import type { RowOutcome } from './run-types'
import {
  createdAnswerLost,
  createUnsettled,
  existedUpdated,
  existsNotMatching,
  rowCreated,
} from './run-words'

type CreateRequest = Extract<RowRequest, { user: CreateUserRequest }>

/** What of a Create row an Update can write: its status and the fields both calls take. */
function updatableFields(user: CreateUserRequest): UpdateUserRequest {
  const changes: Record<string, unknown> = { status: user.status }
  for (const field of SHARED_OPTIONAL_FIELDS)
    if (user[field] !== undefined) changes[field] = user[field]
  return changes as UpdateUserRequest
}

async function retrieveOrNull(client: ServiceClient, token: string): Promise<UserRecord | null> {
  try {
    return await client.retrieve(token)
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null
    throw error
  }
}

/** A Create or update row whose user exists: its whole updatable state written over it. */
async function updateExisting(
  calls: RowCalls,
  token: string,
  user: CreateUserRequest,
): Promise<RowOutcome> {
  const written = await idempotently(calls, (c) => updateWhole(c, token, updatableFields(user)))
  return { outcome: 'updated', status: 200, said: existedUpdated(user, written.note) }
}

/**
 * Create, reconciled whenever the row may already have reached the service: a row left in flight
 * by an earlier session (`unsure`), a 5xx (which may come after the write), a Create the client
 * could not settle, a 409 after any of these. A Retrieve tells, and only a row the service shows
 * it does not have is sent again (run-decisions.ts). From then on a failure to find out is an
 * unknown outcome, never a plain failure.
 */
export async function createRow(
  calls: RowCalls,
  request: CreateRequest,
  unsure: boolean,
): Promise<RowOutcome> {
  const { user, token, mode } = request
  let maybeSent = unsure
  for (;;) {
    if (maybeSent) {
      let found: UserRecord | null
      try {
        found = await idempotently(calls, (c) => retrieveOrNull(c, token))
      } catch (error) {
        if (error instanceof PauseRun) throw new PauseRun(true)
        throw error instanceof AppError ? createUnsettled(error) : error
      }
      const next = afterRetrieve(found, user, mode)
      if (next === 'update') return updateExisting(calls, token, user)
      if (next === 'created') return { outcome: 'created', status: null, said: createdAnswerLost() }
      if (next === 'unknown') return { outcome: 'unknown', status: null, said: existsNotMatching() }
    }
    const sent = await calls
      .attempt(
        (c) => c.createWithoutRecord(user),
        (failure, spent) => createVerdict(failure, { mode, maybeSent, spent }),
        // Sent again after a lost answer the client settled as not made: a slow service may
        // still make it, so a 409 from now on is reconciled.
        (failure) => (maybeSent ||= mayHaveReached(failure)),
      )
      .catch((error: unknown) => {
        throw error instanceof PauseRun ? new PauseRun(maybeSent || error.maybeSent) : error
      })
    if (sent.ok) return { outcome: 'created', status: 201, said: rowCreated(sent.value.note) }
    const { error, verdict } = sent
    if (verdict === 'update') return updateExisting(calls, token, user)
    if (verdict === 'unknown') throw createUnsettled(error.said)
    if (verdict !== 'reconcile') throw error
    maybeSent = true
    if (error.code !== 'CONFLICT') await calls.backOff(error)
  }
}
