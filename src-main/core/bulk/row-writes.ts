import { sharedText } from '../../../src-shared/messages'
import {
  SHARED_OPTIONAL_FIELDS,
  type CreateUserRequest,
  type UpdateUserRequest,
} from '../../../src-shared/service'

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
