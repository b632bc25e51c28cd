import { sharedText } from '../../../src-shared/messages'
import type { UserWriteResult } from '../../../src-shared/ipc'
import {
  SHARED_OPTIONAL_FIELDS,
  wholeUpdate,
  type CreateUserRequest,
  type UpdateUserRequest,
} from '../../../src-shared/service'
import type { ServiceClient } from '../service-client'

/**
 * What an Update sends: the user's whole updatable state, the row's values over what a Retrieve
 * shows. Whether the service clears a field an Update leaves out is unspecified, so nothing is
 * left out (the edit form does the same).
 */
export async function updateWhole(
  client: ServiceClient,
  token: string,
  changes: UpdateUserRequest,
): Promise<UserWriteResult> {
  return client.update(token, wholeUpdate(await client.retrieve(token), changes))
}

export function updatableFields(user: CreateUserRequest): UpdateUserRequest {
  const changes: Record<string, unknown> = { status: user.status }
  for (const field of SHARED_OPTIONAL_FIELDS)
    if (user[field] !== undefined) changes[field] = user[field]
  return changes as UpdateUserRequest
}

/** A Create row's outcome as an Update: the fields Update does not take, and the write's note. */
export function existedUpdated(user: CreateUserRequest, note: string | null): string {
  const left = (['mobile_phone', 'coverage_name', 'contract_number'] as const).filter(
    (field) => user[field] !== undefined,
  )
  const fields = left.join(', ')
  if (!note)
    return left.length === 0
      ? sharedText('existedUpdated')
      : sharedText('existedUpdatedKept', { fields })
  return left.length === 0
    ? sharedText('existedUpdatedNote', { note })
    : sharedText('existedUpdatedKeptNote', { fields, note })
}
