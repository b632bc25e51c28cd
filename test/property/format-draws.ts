// How the contract test draws each format the document names: values the format takes, and near
// misses (of the pattern's shape, refused by the format's own check alone). The format's check
// always has the last word; these only aim the draws where its rules lie.
import fc from 'fast-check'
import { dateFormatRange } from '../../src-sandbox/openapi/contract-formats'

export type Check = (value: string) => boolean

export const charactersOf = (value: string) => Array.from(value)

// Where a format's check rests on one character (a control letter), the candidates for it.
const PRINTABLE_ASCII = Array.from({ length: 0x7e - 0x20 }, (_, i) => String.fromCharCode(0x21 + i))

/** A valid value with one character swapped for the one a value of the pattern has there. */
function spliced(valid: fc.Arbitrary<string>, matching: fc.Arbitrary<string>) {
  return fc.tuple(valid, matching, fc.nat()).map(([value, other, at]) => {
    const characters = charactersOf(value)
    const i = at % Math.max(characters.length, 1)
    characters[i] = charactersOf(other)[i] ?? ''
    return characters.join('')
  })
}

/** A value of the pattern's shape whose last character is one the format's check takes. */
function withCheckCharacter(matching: fc.Arbitrary<string>, accepted: Check) {
  return fc.tuple(matching, fc.nat()).map(([value, pick]) => {
    const stem = value.slice(0, -1)
    const taken = PRINTABLE_ASCII.map((last) => stem + last).filter(accepted)
    return taken[pick % Math.max(taken.length, 1)] ?? value
  })
}

const DAY = 86_400_000

/** Days of format date's range, or of the decade before or after it. */
function daysOfDateFormat(from: 'before' | 'within' | 'after') {
  const { earliest, latest } = dateFormatRange()
  const [first, last] = [Date.parse(earliest) / DAY, Date.parse(latest) / DAY]
  // Days after the range count from the day each is drawn: a run that passes midnight (UTC) must
  // not draw as refused a day that has come to be taken.
  const range = {
    before: { min: first - 3653, max: first - 1, fromToday: false },
    within: { min: first, max: last, fromToday: false },
    after: { min: 1, max: 3653, fromToday: true },
  }[from]
  // The bounds (the first and last days taken, the nearest ones refused) half the time: an
  // off-by-one there is the likeliest way for the sandbox and the format to part.
  return fc
    .oneof(fc.integer({ min: range.min, max: range.max }), fc.constantFrom(range.min, range.max))
    .map((day) => (range.fromToday ? Date.parse(dateFormatRange().latest) / DAY + day : day))
    .map((day) => new Date(day * DAY).toISOString().slice(0, 10))
}

/** A day its month lacks, written in that month: the 29th of February 1985, the 31st of April. */
function pastMonthEnd(valid: fc.Arbitrary<string>) {
  return valid.map((day) => {
    const monthEnd = new Date(Date.parse(day))
    monthEnd.setUTCMonth(monthEnd.getUTCMonth() + 1, 0)
    return `${day.slice(0, 8)}${monthEnd.getUTCDate() + 1}`
  })
}

export type FormatDraw = {
  /** Strings meant to be in the format; the format's own check has the last word. */
  valid: (matching: fc.Arbitrary<string>, accepted: Check) => fc.Arbitrary<string>
  /** Strings of the pattern's shape meant to miss the format, for it to refuse. */
  nearMisses?: (matching: fc.Arbitrary<string>, valid: fc.Arbitrary<string>) => fc.Arbitrary<string>
}

/** How to draw each format the document names; a format missing here stops the test. */
const FORMAT_DRAWS: Record<string, FormatDraw> = {
  // No near misses: a string of a uuid's shape is a uuid.
  uuid: { valid: (matching) => fc.oneof(fc.uuid(), matching) },
  'es-nid': {
    valid: withCheckCharacter,
    nearMisses: (matching, valid) => fc.oneof(matching, spliced(valid, matching)),
  },
  date: {
    valid: () => daysOfDateFormat('within'),
    nearMisses: (matching, valid) =>
      fc.oneof(
        daysOfDateFormat('before'),
        daysOfDateFormat('after'),
        pastMonthEnd(valid),
        spliced(valid, matching),
      ),
  },
}

export function drawOf(format: string): FormatDraw {
  const draw = Object.hasOwn(FORMAT_DRAWS, format) ? FORMAT_DRAWS[format] : undefined
  if (!draw) throw new Error(`the contract test has no generator for format "${format}"`)
  return draw
}
