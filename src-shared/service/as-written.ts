import * as z from 'zod'
import { ruleText } from '../messages/rule-messages'
import { createUserRequestSchema, updateUserRequestSchema } from './requests'
import { mobilePhoneSchema, nidNumberSchema } from './user-fields'

// How people write these two fields in forms and spreadsheets, turned into what the service
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

export const nidNumberAsWrittenSchema = z.string().transform(compactNidNumber).pipe(nidNumberSchema)

export const mobilePhoneAsWrittenSchema = z
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

/** A Create body as a person writes it: the two fields above compacted, then the strict rules. */
export const createUserAsWrittenSchema = createUserRequestSchema.extend({
  nid_number: nidNumberAsWrittenSchema.optional(),
  mobile_phone: mobilePhoneAsWrittenSchema.optional(),
})

/** An Update body as a person writes it; null still clears the field. */
export const updateUserAsWrittenSchema = updateUserRequestSchema.extend({
  nid_number: nidNumberAsWrittenSchema.nullable().optional(),
})
