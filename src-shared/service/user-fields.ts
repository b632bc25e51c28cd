import * as z from 'zod'
import { ruleText } from '../messages/rule-messages'
import { EARLIEST_BIRTHDATE, isCalendarDate, todayIsoDate } from './calendar-date'
import {
  FLAG_CHOICES_TEXT,
  FLAGS,
  GENDER_CHOICES_TEXT,
  GENDERS,
  STATUS_CHOICES_TEXT,
  USER_STATUSES,
} from './enums'
import { isValidNidNumber, NID_NUMBER_SHAPE } from './nid-number'

/**
 * Length limits the service spec leaves open. They are generous for real data and small enough
 * that a hostile value is refused before it reaches storage or a log. docs/service-api.md, "Field rules".
 */
export const FIELD_LIMITS = {
  token: 128,
  email: 254,
  name: 100,
  description: 1000,
  code: 100,
  mobilePhone: 20,
} as const

// Rules written as patterns, not checks in code, so the OpenAPI document states them too. Each
// pattern means the same to JavaScript and to Python's re (the fuzzers'): [0-9] rather than \d and
// an explicit white space class rather than \s, which Python reads as Unicode digits and spaces.

// Control characters, C0 and DEL and C1 (NEL, the terminal's CSI...), have no place in any field
// and break logs and terminals.
// eslint-disable-next-line no-control-regex
const WITHOUT_CONTROL_CHARACTERS = /^[^\x00-\x1f\x7f-\x9f]*$/

/**
 * No white space first or last (what String.prototype.trim removes). Written without lookarounds,
 * as the dot segments below, so that a fuzzer can generate from the pattern instead of filtering.
 */
export const WITHOUT_EDGE_SPACES =
  /^(?:[^\t-\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff](?:[\s\S]*[^\t-\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff])?)?$/

// The two tokens a URL cannot hold as a segment: every client resolves them away (RFC 3986,
// 5.2.4), and percent-encoded they are the same segment to the service, so no Retrieve or
// Update could ever reach the user.
export const NOT_A_DOT_SEGMENT = /^(?:[^.][\s\S]*|\.[^.][\s\S]*|\.\.[\s\S]+)?$/

/**
 * Half of a surrogate pair without its other half: no character at all. A URL cannot hold it
 * (encodeURIComponent throws), and JSON, a keychain or a file would turn it into another value.
 */
export const UNPAIRED_SURROGATE = /\p{Cs}/u

/**
 * Tells a missing value from one of the wrong type, naming the field either way. A null given
 * for a field an Update can clear is said as what null means there (Create takes no null).
 */
export function textTypeError(field: string, clearable = true) {
  return {
    error: (issue: { input?: unknown }) =>
      issue.input === undefined
        ? ruleText('required', { field })
        : issue.input === null && clearable
          ? ruleText('nullNotText', { field })
          : ruleText('notText', { field }),
  }
}

function text(field: string, max: number, clearable = true) {
  return z
    .string(textTypeError(field, clearable))
    .min(1, { error: ruleText('notEmpty', { field }) })
    .max(max, { error: ruleText('tooLong', { field, max }) })
    .regex(WITHOUT_CONTROL_CHARACTERS, { error: ruleText('controlCharacters', { field }) })
    .refine((value) => !UNPAIRED_SURROGATE.test(value), {
      error: ruleText('unpairedSurrogate', { field }),
    })
}

export const tokenSchema = text('token', FIELD_LIMITS.token, false)
  .regex(WITHOUT_EDGE_SPACES, { error: ruleText('edgeSpaces', { field: 'token' }) })
  .regex(NOT_A_DOT_SEGMENT, { error: ruleText('dotSegmentToken', { field: 'token' }) })

function choiceError(field: string, choices: string, clearable = true) {
  return {
    error: (issue: { input?: unknown }) =>
      issue.input === undefined
        ? ruleText('required', { field })
        : issue.input === null && clearable
          ? ruleText('nullChoice', { field, choices })
          : ruleText('numberChoice', { field, choices }),
  }
}

export const statusSchema = z.literal(
  USER_STATUSES,
  choiceError('status', STATUS_CHOICES_TEXT, false),
)
export const genderSchema = z.literal(GENDERS, choiceError('gender', GENDER_CHOICES_TEXT))

function flagSchema(field: string) {
  return z.literal(FLAGS, choiceError(field, FLAG_CHOICES_TEXT))
}
export const hasVideoCallSchema = flagSchema('has_video_call')
export const hasVideoCall1to1Schema = flagSchema('has_video_call_1to1')

// The WHATWG HTML rule (what a browser's email field takes): a dotless host such as localhost
// and an IDN's xn-- form pass, a label that starts or ends with "-" does not. A pattern only, not
// z.email: JSON Schema's `format: email` is RFC 5321's rule, which refuses a..b@example.com that
// this one takes, so the document would state two rules where the sandbox applies one.
export const emailSchema = z
  .string(textTypeError('email'))
  .regex(z.regexes.html5Email, { error: ruleText('email', { field: 'email' }) })
  .max(FIELD_LIMITS.email, {
    error: ruleText('tooLong', { field: 'email', max: FIELD_LIMITS.email }),
  })

export const nidNumberSchema = z
  .string(textTypeError('nid_number'))
  .regex(NID_NUMBER_SHAPE, { error: ruleText('nidControlLetter', { field: 'nid_number' }) })
  .toUpperCase()
  .refine(isValidNidNumber, {
    error: ruleText('nidControlLetter', { field: 'nid_number' }),
  })

export const firstnameSchema = text('firstname', FIELD_LIMITS.name)
export const lastnameSchema = text('lastname', FIELD_LIMITS.name)
export const descriptionSchema = text('description', FIELD_LIMITS.description)
export const companyGroupCodeSchema = text('company_group_code', FIELD_LIMITS.code)
// Create-only fields, never cleared: null is only the wrong type for them.
export const coverageNameSchema = text('coverage_name', FIELD_LIMITS.code, false)
export const contractNumberSchema = text('contract_number', FIELD_LIMITS.code, false)

export const birthdateSchema = z
  .string(textTypeError('birthdate'))
  .regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, {
    error: ruleText('calendarDate', { field: 'birthdate' }),
    abort: true,
  })
  // Written right but not a day of the calendar (1990-02-30): said as that, not as a format.
  .refine(isCalendarDate, {
    error: ruleText('noSuchDate', { field: 'birthdate' }),
    abort: true,
  })
  .refine((value) => value <= todayIsoDate(), {
    error: ruleText('dateInFuture', { field: 'birthdate' }),
  })
  .refine((value) => value >= EARLIEST_BIRTHDATE, {
    error: ruleText('dateTooEarly', { field: 'birthdate', date: EARLIEST_BIRTHDATE }),
  })

export const mobilePhoneSchema = z
  .string(textTypeError('mobile_phone', false))
  .regex(/^[0-9]+$/, {
    error: ruleText('phoneDigits', { field: 'mobile_phone' }),
  })
  .max(FIELD_LIMITS.mobilePhone, {
    error: ruleText('phoneTooLong', { field: 'mobile_phone', max: FIELD_LIMITS.mobilePhone }),
  })
