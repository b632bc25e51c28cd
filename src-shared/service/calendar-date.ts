const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** A real date on the proleptic Gregorian calendar written as YYYY-MM-DD (no time, no zone). */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  )
}

/** Today as YYYY-MM-DD in UTC: birthdates are compared as plain dates, not instants. */
export function todayIsoDate(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10)
}
