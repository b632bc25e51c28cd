const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** The earliest birthdate the service takes. */
export const EARLIEST_BIRTHDATE = '1900-01-01'

/** A real date on the proleptic Gregorian calendar written as YYYY-MM-DD (no time, no zone). */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  // setUTCFullYear, not Date.UTC, which reads the years 0 to 99 as 1900 to 1999.
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  )
}

/** Today as YYYY-MM-DD in UTC: birthdates are compared as plain dates, not instants. */
export function todayIsoDate(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10)
}

/**
 * A YYYY-MM-DD date as a language writes it in a sentence: dd/mm/aaaa in Spanish; ISO in
 * English, which reads plainly there and is what the service and the forms take. Any other text
 * is data, shown as it came.
 */
export function calendarDateText(value: string, language: 'en' | 'es'): string {
  const match = ISO_DATE.exec(value)
  if (!match || language !== 'es') return value
  return `${match[3]}/${match[2]}/${match[1]}`
}
