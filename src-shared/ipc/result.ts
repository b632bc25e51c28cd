import * as z from 'zod'
import { saidSchema } from '../messages/said-schema'
import { updateConflictSchema } from '../service/user-conflict'

/** A closed set: the renderer can switch over every failure it may be told about. */
const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'TIMEOUT',
  'NETWORK',
  'SERVER',
  'UNEXPECTED_RESPONSE',
  'KEYCHAIN_UNAVAILABLE',
  'SECRET_MISSING',
  'SETTINGS_UNREADABLE',
  'OUTCOME_UNKNOWN',
  'CONFIRMATION_REQUIRED',
  'INTERNAL',
] as const
const errorCodeSchema = z.enum(ERROR_CODES)
export type ErrorCode = z.output<typeof errorCodeSchema>

export const fieldErrorsSchema = z.record(z.string(), z.array(saidSchema))
export type FieldErrors = z.output<typeof fieldErrorsSchema>

export const appErrorSchema = z.object({
  code: errorCodeSchema,
  said: saidSchema,
  status: z.number().int().optional(),
  fieldErrors: fieldErrorsSchema.optional(),
  detail: z.string().optional(),
  /** CONFLICT from a guarded Update: the user changed on the service since the change was made. */
  conflict: updateConflictSchema.optional(),
})
export type AppErrorShape = z.output<typeof appErrorSchema>

export type Result<T> = { ok: true; data: T } | { ok: false; error: AppErrorShape }

export function resultSchema<T extends z.ZodType>(data: T) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), data }),
    z.object({ ok: z.literal(false), error: appErrorSchema }),
  ])
}
