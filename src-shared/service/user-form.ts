import * as z from 'zod'
import { createUserAsWrittenSchema, updateUserAsWrittenSchema } from './as-written'
import {
  SHARED_OPTIONAL_FIELDS,
  type SharedOptionalField,
  type UpdateUserRequest,
} from './requests'
import type { UserRecord } from './user-record'

/**
 * What the create and edit forms hold: text inputs are strings ('' = not given), selects hold
 * the value as a string, switches are booleans. The form schemas below turn these into request
 * bodies, compact the DNI/NIE and mobile as people write them (as-written.ts), and then validate
 * them with the request schemas, so a form shows exactly the messages the main process and the
 * sandbox would give, and sends what they accept.
 */
const userFormValuesSchema = z.object({
  token: z.string(),
  status: z.string(),
  email: z.string(),
  nid_number: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  gender: z.string(),
  birthdate: z.string(),
  mobile_phone: z.string(),
  description: z.string(),
  has_video_call: z.boolean(),
  has_video_call_1to1: z.boolean(),
  company_group_code: z.string(),
  coverage_name: z.string(),
  contract_number: z.string(),
})
export type UserFormValues = z.infer<typeof userFormValuesSchema>

export const EMPTY_USER_FORM: UserFormValues = {
  token: '',
  status: '0',
  email: '',
  nid_number: '',
  firstname: '',
  lastname: '',
  gender: '',
  birthdate: '',
  mobile_phone: '',
  description: '',
  has_video_call: false,
  has_video_call_1to1: false,
  company_group_code: '',
  coverage_name: '',
  contract_number: '',
}

type FormTextValue = string | number | undefined

function fromForm(values: UserFormValues, field: SharedOptionalField): FormTextValue {
  switch (field) {
    case 'gender':
      return values.gender === '' ? undefined : Number(values.gender)
    case 'has_video_call':
    case 'has_video_call_1to1':
      return values[field] ? 1 : 0
    default: {
      const text = values[field].trim()
      return text === '' ? undefined : text
    }
  }
}

function toStatus(value: string): number | string {
  return /^\d+$/.test(value) ? Number(value) : value
}

function withoutUndefined<T extends Record<string, unknown>>(body: T): T {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as T
}

function formToCreateBody(values: UserFormValues): Record<string, unknown> {
  const optional = (text: string) => (text.trim() === '' ? undefined : text.trim())
  return withoutUndefined({
    token: values.token,
    status: toStatus(values.status),
    ...Object.fromEntries(SHARED_OPTIONAL_FIELDS.map((field) => [field, fromForm(values, field)])),
    mobile_phone: optional(values.mobile_phone),
    coverage_name: optional(values.coverage_name),
    contract_number: optional(values.contract_number),
  })
}

export type UpdatableField = 'status' | SharedOptionalField
export const UPDATABLE_FIELDS: readonly UpdatableField[] = ['status', ...SHARED_OPTIONAL_FIELDS]

/** What the service holds for an updatable field; the flags live under `features` in a record. */
export function storedValue(record: UserRecord, field: UpdatableField): unknown {
  if (field === 'has_video_call') return record.features.video_call
  if (field === 'has_video_call_1to1') return record.features.video_call_1to1
  return record[field]
}

/**
 * The full intended state of every updatable field: whether Update clears omitted fields is
 * unspecified, so nothing is left out by accident. A field the user emptied is sent as null
 * (clear) when the service holds a value for it, and omitted when it holds none.
 */
export function formToUpdateBody(
  values: UserFormValues,
  original: UserRecord,
): Record<string, unknown> {
  const body: Record<string, unknown> = { status: toStatus(values.status) }
  for (const field of SHARED_OPTIONAL_FIELDS) {
    const value = fromForm(values, field)
    if (value !== undefined) body[field] = value
    else if (storedValue(original, field) !== null) body[field] = null
  }
  return body
}

/**
 * An Update that sends the user's whole updatable state: what Retrieve shows, with the changes
 * over it. Whether the service clears a field an Update leaves out is unspecified, so a caller
 * that has only the changes (a bulk row, the command line) sends nothing less than the form does.
 */
export function wholeUpdate(stored: UserRecord, changes: UpdateUserRequest): UpdateUserRequest {
  const whole: Partial<Record<UpdatableField, unknown>> = {}
  for (const field of UPDATABLE_FIELDS) {
    const value = storedValue(stored, field)
    if (value !== null && value !== undefined) whole[field] = value
  }
  return { ...(whole as UpdateUserRequest), ...changes }
}

export function recordToFormValues(record: UserRecord): UserFormValues {
  const text = (value: string | null) => value ?? ''
  return {
    token: record.token,
    status: record.status === null ? '' : String(record.status),
    email: text(record.email),
    nid_number: text(record.nid_number),
    firstname: text(record.firstname),
    lastname: text(record.lastname),
    gender: record.gender === null ? '' : String(record.gender),
    birthdate: text(record.birthdate),
    mobile_phone: text(record.mobile_phone),
    description: text(record.description),
    has_video_call: record.features.video_call === 1,
    has_video_call_1to1: record.features.video_call_1to1 === 1,
    company_group_code: text(record.company_group_code),
    coverage_name: '',
    contract_number: '',
  }
}

export const createUserFormSchema = userFormValuesSchema
  .transform(formToCreateBody)
  .pipe(createUserAsWrittenSchema)

export function updateUserFormSchema(original: UserRecord) {
  return userFormValuesSchema
    .transform((values) => formToUpdateBody(values, original))
    .pipe(updateUserAsWrittenSchema)
}
