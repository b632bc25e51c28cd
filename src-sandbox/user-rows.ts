import type { CreateUserRequest, UpdateUserRequest } from '../src-shared/service'
import { COLUMNS } from './stored-user'

// The flags are never null in a stored user: a field left out or cleared stores 0.
const FLAG_DEFAULTS: Record<string, number> = { has_video_call: 0, has_video_call_1to1: 0 }

/** Every column a Create writes, from the request: a field left out is null (a flag, 0). */
export function columnsOf(request: CreateUserRequest): Record<string, unknown> {
  const row = Object.fromEntries(COLUMNS.map((column) => [column, request[column] ?? null]))
  row.has_video_call ??= 0
  row.has_video_call_1to1 ??= 0
  return row
}

/** The columns an Update sets (those present; null clears one) and its SET clause. */
export function changesOf(request: UpdateUserRequest): {
  values: Record<string, unknown>
  assignments: string
} {
  const changes = Object.entries(request).filter(
    ([field, value]) => value !== undefined && (COLUMNS as readonly string[]).includes(field),
  )
  return {
    values: Object.fromEntries(
      changes.map(([field, value]) => [field, value ?? FLAG_DEFAULTS[field] ?? null]),
    ),
    assignments: changes.map(([field]) => `${field} = @${field}`).join(', '),
  }
}

export function isPrimaryKeyViolation(error: unknown): boolean {
  return (
    error instanceof Error &&
    'code' in error &&
    (error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || error.code === 'SQLITE_CONSTRAINT_UNIQUE')
  )
}
