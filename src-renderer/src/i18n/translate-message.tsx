import { Trans, useLingui } from '@lingui/react'
import type { ReactNode } from 'react'
import { AS_WRITTEN_ID, basicSaid } from '@shared/messages/basic-messages'
import { ruleSaid } from '@shared/messages/rule-messages'
import { wordSaid, type Said } from '@shared/messages/said'
import { fieldLabel } from './field-labels'
import { useFormat } from './format'

/**
 * A message main or a schema said, in the page's language, worded from its id: a field named by
 * its label, a whole number written the page's way, a message it quotes worded in turn.
 */
function useShowValue(): (name: string, value: string | number) => string | number {
  const { i18n } = useLingui()
  const format = useFormat()
  // Data is said as it is (a file called "2024" stays so); only a number, and a rule's date,
  // are written the page's way.
  return (name, value) =>
    typeof value === 'number'
      ? format.number(value)
      : name === 'field'
        ? fieldLabel(i18n, value)
        : name === 'date'
          ? format.calendarDate(value)
          : value
}

export function useWordSaid(): (message: Said) => string {
  const { i18n } = useLingui()
  const show = useShowValue()
  const sayById = (id: string, values: Record<string, string | number>) =>
    id in i18n.messages ? i18n._(id, values) : null
  return (message) => wordSaid(message, sayById, show)
}

const MAX_NESTING = 8

/**
 * The same, for a message shown as part of the page: words the console did not write (a
 * service's own, or a message this page has no words for) are shown as they came, marked as
 * English wherever they sit in the message, so a screen reader on a Spanish page reads them so.
 */
export function useSaySaid(): (message: Said) => ReactNode {
  const { i18n } = useLingui()
  const show = useShowValue()
  const node = (message: Said, depth: number): ReactNode => {
    if (message.id === AS_WRITTEN_ID || !(message.id in i18n.messages) || depth > MAX_NESTING)
      return <span lang="en">{message.text}</span>
    const values = Object.fromEntries(
      Object.entries(message.values).map(([name, value]) => [
        name,
        typeof value === 'object' ? node(value, depth + 1) : show(name, value),
      ]),
    )
    return <Trans id={message.id} values={values} />
  }
  return (message) => node(message, 0)
}

/**
 * A form field's error as react-hook-form holds it (text only): the rule a shared schema wrote
 * as that text, or a message main said about the field (see lib/field-errors.ts), worded from
 * its id; found by exact lookup, never parsed.
 */
export function saidOfFieldText(text: string, received: (text: string) => Said | undefined): Said {
  return ruleSaid(text) ?? received(text) ?? basicSaid('asWritten', { text })
}
