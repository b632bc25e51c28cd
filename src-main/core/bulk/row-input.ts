import * as z from 'zod'
import type { BulkField, BulkMode, ColumnMapping } from '../../../src-shared/bulk'
import type { FieldErrors } from '../../../src-shared/ipc'
import {
  compactMobilePhone,
  compactNidNumber,
  createUserAsWrittenSchema,
  FLAG_LABELS,
  GENDER_LABELS,
  isoFromDayFirst,
  tokenSchema,
  updateUserAsWrittenSchema,
  USER_STATUS_LABELS,
  type CreateUserRequest,
  type UpdateUserRequest,
  type UserStatus,
} from '../../../src-shared/service'
import { fieldErrorsOf } from '../errors/app-error'

/** What a row asks of the service, once valid. */
export type RowRequest =
  | { mode: 'create' | 'createOrUpdate'; token: string; user: CreateUserRequest }
  | { mode: 'update'; token: string; changes: UpdateUserRequest }
  | { mode: 'setStatus'; token: string; status: UserStatus }
  | { mode: 'export'; token: string }

export interface RowInput {
  /** The token as written (trimmed), for duplicate checks and the ledger; '' when missing. */
  token: string
  request: RowRequest | null
  errors: FieldErrors | null
}

const tokenRowSchema = z.object({ token: tokenSchema })

const NUMBER_FIELDS = new Set<BulkField>([
  'status',
  'gender',
  'has_video_call',
  'has_video_call_1to1',
])

// Words a spreadsheet may hold instead of the number, in English and Spanish.
const WORDS: Partial<Record<BulkField, Record<string, number>>> = {
  status: {
    ...labelsToNumbers(USER_STATUS_LABELS),
    gratis: 0,
    gratuito: 0,
    'sin acceso': 3,
  },
  // No single letters: M is Male in English sheets and Mujer in Spanish ones.
  gender: { ...labelsToNumbers(GENDER_LABELS), hombre: 0, mujer: 1 },
  has_video_call: flagWords(),
  has_video_call_1to1: flagWords(),
}

function labelsToNumbers(labels: Record<number, string>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(labels).map(([n, label]) => [label.toLowerCase(), Number(n)]),
  )
}

function flagWords(): Record<string, number> {
  return {
    ...labelsToNumbers(FLAG_LABELS),
    yes: 1,
    no: 0,
    si: 1,
    sí: 1,
    true: 1,
    false: 0,
    activado: 1,
    desactivado: 0,
  }
}

/** A cell's text as the request carries it, before the shared schema checks it. */
function cellValue(field: BulkField, text: string): string | number {
  if (NUMBER_FIELDS.has(field)) {
    if (/^\d+$/.test(text)) return Number(text)
    const words = WORDS[field]
    const word = text.toLowerCase()
    return words && Object.hasOwn(words, word) ? (words[word] ?? text) : text
  }
  if (field === 'birthdate') return isoFromDayFirst(text)
  return text
}

/** What the dry run shows for a field: the value sent, compacted as the schema will do it. */
function shown(field: BulkField, value: string | number): string {
  if (typeof value === 'number') return String(value)
  if (field === 'nid_number') return compactNidNumber(value)
  if (field === 'mobile_phone') return compactMobilePhone(value) ?? value
  return value
}

function errorsOf<T>(result: z.ZodSafeParseResult<T>): FieldErrors | null {
  return result.success ? null : fieldErrorsOf(result.error)
}

function merged(...parts: (FieldErrors | null)[]): FieldErrors | null {
  const all = parts.filter((part): part is FieldErrors => part !== null)
  if (all.length === 0) return null
  const into = Object.create(null) as FieldErrors
  for (const part of all) Object.assign(into, part)
  return into
}

/** The row's mapped cells as the request will carry them, empty cells left out. */
function rowBody(
  cells: readonly string[],
  mapping: ColumnMapping,
): Record<string, string | number> {
  const body: Record<string, string | number> = {}
  mapping.forEach((field, column) => {
    if (field === null) return
    const text = (cells[column] ?? '').trim()
    if (text !== '') body[field] = cellValue(field, text)
  })
  return body
}

/** Each mapped field as the dry run shows it: as it will be sent, '' when the cell is empty. */
export function rowValues(
  cells: readonly string[],
  mapping: ColumnMapping,
): Partial<Record<BulkField, string>> {
  const body = rowBody(cells, mapping)
  const values: Partial<Record<BulkField, string>> = {}
  for (const field of mapping) {
    if (field === null) continue
    const value = body[field]
    values[field] = value === undefined ? '' : shown(field, value)
  }
  return values
}

/**
 * One row, read through the mapping and validated for the mode with the same schemas as the
 * single-user forms (DNI/NIE and mobile compacted as people write them).
 */
export function rowInput(
  cells: readonly string[],
  mapping: ColumnMapping,
  mode: BulkMode,
  status: UserStatus | null,
): RowInput {
  const body = rowBody(cells, mapping)
  const token = typeof body.token === 'string' ? body.token : ''
  switch (mode) {
    case 'create':
    case 'createOrUpdate': {
      const parsed = createUserAsWrittenSchema.safeParse(body)
      return parsed.success
        ? { token, request: { mode, token, user: parsed.data }, errors: null }
        : { token, request: null, errors: errorsOf(parsed) }
    }
    case 'update': {
      const tokenCheck = tokenRowSchema.safeParse({ token: body.token })
      const changes = Object.fromEntries(
        Object.entries(body).filter(([field]) => field !== 'token'),
      )
      const parsed = updateUserAsWrittenSchema.safeParse(changes)
      const errors = merged(errorsOf(tokenCheck), errorsOf(parsed))
      return tokenCheck.success && parsed.success
        ? { token, request: { mode, token, changes: parsed.data }, errors: null }
        : { token, request: null, errors }
    }
    case 'setStatus':
    case 'export': {
      const tokenCheck = tokenRowSchema.safeParse({ token: body.token })
      if (!tokenCheck.success) return { token, request: null, errors: errorsOf(tokenCheck) }
      return {
        token,
        request: mode === 'export' ? { mode, token } : { mode, token, status: status ?? 0 },
        errors: null,
      }
    }
  }
}
