import type * as z from 'zod'
import type { UserWriteResult } from '../../../src-shared/ipc'
import { said } from '../../../src-shared/messages'
import {
  userRecordSchema,
  type CreateUserRequest,
  type UserRecord,
} from '../../../src-shared/service'
import { AppError, fieldErrorsOf } from '../errors/app-error'
import { parseRemembered } from '../wiring/parsed-values'
import { parseJson } from './answer-errors'
import type { TransportFailure } from './retried-call'
import type { HttpAnswer } from './send-once'

// What the service client makes of an answer, and of a Create whose answer never came.

export const USERS = '/api/v3/pendingCompanyUsers'
export const userPath = (token: string) => `${USERS}/${encodeURIComponent(token)}`

export function isSuccess(answer: HttpAnswer): boolean {
  return answer.status >= 200 && answer.status < 300
}

/** A 2xx answer's body read with `schema`; a body that is something else is told with `notIt`. */
export function readAnswer<S extends z.ZodType>(
  answer: HttpAnswer,
  schema: S,
  notIt: 'notAUserRecord' | 'notASession' | 'notAKeySet',
): z.output<S> {
  const parsed = parseRemembered(schema, parseJson(answer.text))
  if (!parsed.success) {
    throw new AppError('UNEXPECTED_RESPONSE', said(notIt, { status: answer.status }), {
      status: answer.status,
      fieldErrors: fieldErrorsOf(parsed.error),
    })
  }
  return parsed.data
}

/** After a 2xx write: the record in the answer, or (no body, other body) the stored one. */
export async function recordAfterWrite(
  answer: HttpAnswer,
  token: string,
  retrieve: (token: string) => Promise<UserRecord>,
): Promise<UserWriteResult> {
  const inAnswer = parseRemembered(userRecordSchema, parseJson(answer.text))
  if (inAnswer.success) return { record: inAnswer.data, note: null }
  return {
    record: await retrieve(token),
    note: said('recordNotInAnswer', { status: answer.status }),
  }
}

/** Whether a retrieved record is the one a Create sent, as far as Retrieve shows it. */
export function matchesCreate(record: UserRecord, sent: CreateUserRequest): boolean {
  const same = (a: unknown, b: unknown) => b === undefined || a === b
  return (
    record.status === sent.status &&
    same(record.email, sent.email) &&
    same(record.nid_number, sent.nid_number) &&
    same(record.firstname, sent.firstname) &&
    same(record.lastname, sent.lastname) &&
    same(record.birthdate, sent.birthdate) &&
    (sent.mobile_phone === undefined || (record.mobile_phone ?? '').endsWith(sent.mobile_phone))
  )
}

/**
 * A Create sent whose answer never came: a Retrieve tells created from not created, and a record
 * that is not the one sent leaves the outcome unknown.
 */
export async function reconcileCreate(
  retrieve: (token: string) => Promise<UserRecord>,
  request: CreateUserRequest,
  failure: TransportFailure,
): Promise<UserWriteResult> {
  let record: UserRecord
  try {
    record = await retrieve(request.token)
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') {
      throw new AppError(failure.kind, said('createNotMade', { message: failure.said }))
    }
    throw new AppError('OUTCOME_UNKNOWN', said('createUnsettled', { message: failure.said }))
  }
  if (!matchesCreate(record, request)) {
    throw new AppError('OUTCOME_UNKNOWN', said('createMismatch', { message: failure.said }))
  }
  return { record, note: said('createConfirmed', { message: failure.said }) }
}
