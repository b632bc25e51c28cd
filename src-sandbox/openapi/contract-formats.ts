// The formats the service's contract names that no JSON Schema validator knows: a Spanish
// identity number's control letter, and a birthdate's calendar and range. The sandbox checks the
// same rules with the same functions (src-shared/service/user-fields.ts); this module hands them
// to a validator, so a fuzzer or a client checks a value exactly as the sandbox does. It imports
// nothing of Ajv: anything with Ajv's addFormat takes it.
// Not user-fields.ts: that module builds zod schemas and their messages, which a validator
// importing these two checks has no use for.
import {
  EARLIEST_BIRTHDATE,
  isCalendarDate,
  todayIsoDate,
} from '../../src-shared/service/calendar-date'
import { isValidNidNumber, NID_NUMBER_SHAPE } from '../../src-shared/service/nid-number'

export type ContractFormat = {
  /** What the format takes, as the document's description of it says. */
  description: string
  validate: (value: string) => boolean
}

/** A DNI or NIE in either case, its control letter right (the sandbox stores it upper-cased). */
function isEsNid(value: string): boolean {
  return NID_NUMBER_SHAPE.test(value) && isValidNidNumber(value.toUpperCase())
}

/** A day of the calendar, written YYYY-MM-DD, from 1900-01-01 to today in UTC. */
function isBirthdate(value: string): boolean {
  return isCalendarDate(value) && value >= EARLIEST_BIRTHDATE && value <= todayIsoDate()
}

export type ContractFormatName = 'es-nid' | 'date'

// Typed in full, so that its declaration file is made from this file alone (the package's).
export const CONTRACT_FORMATS: Record<ContractFormatName, ContractFormat> = {
  'es-nid': {
    description:
      'A Spanish DNI (8 digits) or NIE (X, Y or Z and 7 digits) and its control letter, either case: the letter is TRWAGMYFPDXBNJZSQVHLCKE[number mod 23], X, Y and Z counting as 0, 1 and 2.',
    validate: isEsNid,
  },
  date: {
    description: `A day of the Gregorian calendar written YYYY-MM-DD (RFC 3339 full-date), from ${EARLIEST_BIRTHDATE} to today in UTC, both included.`,
    validate: isBirthdate,
  },
}

/** The earliest and latest day format `date` takes, today being the UTC day of `now`. */
export function dateFormatRange(now: Date = new Date()): { earliest: string; latest: string } {
  return { earliest: EARLIEST_BIRTHDATE, latest: todayIsoDate(now) }
}

/**
 * Adds the contract's formats to an Ajv instance (or anything with its addFormat), replacing
 * Ajv's own `date`, which knows no range: `addContractFormats(new Ajv2020())`.
 */
export function addContractFormats<
  T extends {
    addFormat(
      name: string,
      format: { type: 'string'; validate: (value: string) => boolean },
    ): unknown
  },
>(validator: T): T {
  for (const [name, format] of Object.entries(CONTRACT_FORMATS))
    validator.addFormat(name, { type: 'string', validate: format.validate })
  return validator
}
