import { createUserRequestSchema, updateUserRequestSchema } from '../../src-shared/service'
import { readJsonBody } from '../http-io'
import { problem, validationProblem } from '../problem'
import { toUserRecord } from '../representation'
import { DuplicateTokenError } from '../user-writes'
import type { RouteContext, RouteResult } from './context'
import { SANDBOX_MESSAGES } from '../../src-shared/messages/sandbox-messages'

function notFound() {
  return problem(404, 'not-found', 'Not found', SANDBOX_MESSAGES.noUserWithToken.message)
}

function tokenParam(context: RouteContext): string {
  return context.params.token ?? ''
}

export async function createUser(context: RouteContext): Promise<RouteResult> {
  const body = await readJsonBody(context.request, context.maxBodyBytes)
  const parsed = createUserRequestSchema.safeParse(body)
  if (!parsed.success) throw validationProblem(parsed.error, SANDBOX_MESSAGES.userInvalid)
  try {
    const user = context.store.create(parsed.data)
    return {
      status: 201,
      body: toUserRecord(user, context.phonePrefix),
      headers: { location: `/api/v3/pendingCompanyUsers/${encodeURIComponent(user.token)}` },
    }
  } catch (error) {
    if (!(error instanceof DuplicateTokenError)) throw error
    throw problem(409, 'duplicate-token', 'Conflict', SANDBOX_MESSAGES.userExists.message, [
      { field: 'token', pointer: '#/token', detail: SANDBOX_MESSAGES.tokenTaken.message },
    ])
  }
}

export function retrieveUser(context: RouteContext): Promise<RouteResult> {
  const user = context.store.get(tokenParam(context))
  if (!user) return Promise.reject(notFound())
  return Promise.resolve({ status: 200, body: toUserRecord(user, context.phonePrefix) })
}

export async function updateUser(context: RouteContext): Promise<RouteResult> {
  const token = tokenParam(context)
  const body = await readJsonBody(context.request, context.maxBodyBytes)
  const parsed = updateUserRequestSchema.safeParse(body)
  if (!parsed.success) throw validationProblem(parsed.error, SANDBOX_MESSAGES.updateInvalid)
  const user = context.store.update(token, parsed.data)
  if (!user) throw notFound()
  return { status: 200, body: toUserRecord(user, context.phonePrefix) }
}
