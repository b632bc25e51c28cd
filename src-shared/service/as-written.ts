import * as z from 'zod'
import { ruleText } from '../messages/rule-messages'
import { createUserRequestSchema, updateUserRequestSchema } from './requests'
import { birthdateSchema, mobilePhoneSchema, nidNumberSchema } from './user-fields'

// How people write these fields in forms and spreadsheets, turned into what the service
// takes. Only the console's inputs (the user forms, bulk files) are this lenient; the request
// schemas themselves, and so main's channel checks and the sandbox, stay strict.

const SEPARATORS = /[\s.-]/g

/** `12.345.678-z` → `12345678Z`, `x-1234567-l` → `X1234567L`: spaces, dots and dashes go. */
export function compactNidNumber(value: string): string {
  return value.replace(SEPARATORS, '').toUpperCase()
}

/**
 * `+34 612 34 56 78`, `0034-612.345.678` → `612345678`; null for a number that starts with any
 * other country prefix (`+` or `00` then not 34), which must be refused, not cut.
 */
export function compactMobilePhone(value: string): string | null {
  const compact = value.replace(SEPARATORS, '')
  const spanish = /^(?:\+34|0034)/.exec(compact)
  if (spanish) return compact.slice(spanish[0].length)
  return /^(?:\+|00)/.test(compact) ? null : compact
}

const DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/

/**
 * `17/05/1990`, `1-2-1990`, `17.05.1990` (day first, as Spanish spreadsheets and people write
 * them) → `1990-05-17`; any other text as it came, for the strict rule to judge.
 */
export function isoFromDayFirst(value: string): string {
  const dayFirst = DAY_FIRST.exec(value.trim())
  if (!dayFirst) return value
  const [, day = '', month = '', year = ''] = dayFirst
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`
}

// Text neither day first nor ISO is refused naming both ways a person may write the date.
const birthdateAsWrittenSchema = z
  .string()
  .transform(isoFromDayFirst)
  .pipe(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, {
        error: ruleText('calendarDateAsWritten', { field: 'birthdate' }),
      })
      .pipe(birthdateSchema),
  )

const nidNumberAsWrittenSchema = z.string().transform(compactNidNumber).pipe(nidNumberSchema)

const mobilePhoneAsWrittenSchema = z
  .string()
  .transform((value, context) => {
    const phone = compactMobilePhone(value)
    if (phone !== null) return phone
    context.addIssue({
      code: 'custom',
      message: ruleText('phoneForeignPrefix', { field: 'mobile_phone' }),
    })
    return z.NEVER
  })
  .pipe(mobilePhoneSchema)

/** A Create body as a person writes it: the fields above made canonical, then the strict rules. */
export const createUserAsWrittenSchema = createUserRequestSchema.extend({
  nid_number: nidNumberAsWrittenSchema.optional(),
  birthdate: birthdateAsWrittenSchema.optional(),
  mobile_phone: mobilePhoneAsWrittenSchema.optional(),
})

/** An Update body as a person writes it; null still clears the field. */
export const updateUserAsWrittenSchema = updateUserRequestSchema.extend({
  nid_number: nidNumberAsWrittenSchema.nullable().optional(),
  birthdate: birthdateAsWrittenSchema.nullable().optional(),
})

const AS_WRITTEN_FIELDS = {
  nid_number: nidNumberAsWrittenSchema,
  mobile_phone: mobilePhoneAsWrittenSchema,
  birthdate: birthdateAsWrittenSchema,
}
export type AsWrittenField = keyof typeof AS_WRITTEN_FIELDS

/**
 * What the service will be sent for a field as typed, when that is not the typed text itself
 * (`17/05/1990` → `1990-05-17`); null when it is, or when the rule refuses it (its message says why).
 */
export function sentAs(field: AsWrittenField, typed: string): string | null {
  const text = typed.trim()
  if (text === '') return null
  const parsed = AS_WRITTEN_FIELDS[field].safeParse(text)
  return parsed.success && parsed.data !== text ? parsed.data : null
}
