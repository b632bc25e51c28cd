import type { UserWriteResult } from '../../../src-shared/ipc'
import { said } from '../../../src-shared/messages'
import {
  changedSince,
  wholeUpdate,
  type UpdateUserRequest,
  type UserRecord,
} from '../../../src-shared/service'
import { AppError } from '../errors/app-error'
import type { ServiceClient } from './service-client'

/**
 * An Update sent only over what the service holds now: the user is read again, and if any
 * updatable field is not what it was in `base` (the record the change was made over), nothing is
 * sent and CONFLICT carries the three states. The service has no version or ETag, so the read and
 * the write are two calls: what this guards is the time a form was open, not the milliseconds
 * between them.
 */
export async function updateOver(
  client: ServiceClient,
  base: UserRecord,
  yours: UpdateUserRequest,
): Promise<UserWriteResult> {
  const current = await client.retrieve(base.token)
  const changedElsewhere = changedSince(base, current)
  if (changedElsewhere.length > 0) {
    throw new AppError(
      'CONFLICT',
      said('changedSinceRead', { fields: changedElsewhere.join(', ') }),
      { conflict: { base, current, yours, changedElsewhere } },
    )
  }
  return client.update(base.token, yours)
}

/**
 * A caller that has only the changes (a bulk row, the command line without a base): its whole
 * state over a Retrieve, written through the same guard.
 */
export async function updateWhole(
  client: ServiceClient,
  token: string,
  changes: UpdateUserRequest,
): Promise<UserWriteResult> {
  const base = await client.retrieve(token)
  return updateOver(client, base, wholeUpdate(base, changes))
}
