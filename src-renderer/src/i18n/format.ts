import { useMemo } from 'react'
import { calendarDateText } from '@shared/service/calendar-date'
import { useLanguage } from './language-provider'

/** A value made on first use: the first Intl formatter of a page costs milliseconds to make. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined
  return () => (made ??= { value: make() }).value
}

/** Numbers, dates and times written the way the page's language writes them. */
export function useFormat() {
  const { locale, language } = useLanguage()
  return useMemo(() => {
    // Each formatter is made when something is first written with it: most screens write none
    // on their first render, and the page's first screen must not wait for them.
    const integer = once(() => new Intl.NumberFormat(locale))
    const oneDecimal = once(
      () => new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    )
    const dateTime = once(
      () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }),
    )
    const time = once(() => new Intl.DateTimeFormat(locale, { timeStyle: 'medium' }))
    const relative = once(() => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }))
    return {
      locale,
      number: (value: number) => integer().format(value),
      decimal: (value: number) => oneDecimal().format(value),
      dateTime: (value: Date | number | string) => dateTime().format(new Date(value)),
      time: (value: Date | number | string) => time().format(new Date(value)),
      /** A YYYY-MM-DD date (a birthdate: no time, no zone): 17/05/1990 in Spanish. */
      calendarDate: (value: string) => calendarDateText(value, language),
      /** "in 59 minutes", "dentro de 59 minutos", "hace 3 segundos". */
      relative: (seconds: number) => {
        const abs = Math.abs(seconds)
        if (abs < 60) return relative().format(Math.round(seconds), 'second')
        if (abs < 3600) return relative().format(Math.round(seconds / 60), 'minute')
        if (abs < 86_400) return relative().format(Math.round(seconds / 3600), 'hour')
        return relative().format(Math.round(seconds / 86_400), 'day')
      },
    }
  }, [locale, language])
}
