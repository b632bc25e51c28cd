import { useLingui } from '@lingui/react'
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
export function useWordSaid(): (message: Said) => string {
  const { i18n } = useLingui()
  const format = useFormat()
  const show = (name: string, value: string | number) =>
    name === 'field' && typeof value === 'string'
      ? fieldLabel(i18n, value)
      : typeof value === 'number' || /^\d+$/.test(value)
        ? format.number(Number(value))
        : value
  const sayById = (id: string, values: Record<string, string | number>) =>
    id in i18n.messages ? i18n._(id, values) : null
  return (message) => wordSaid(message, sayById, show)
}

/**
 * The same, for a message shown on its own: words the console did not write (a service's own)
 * are shown as they came, marked as English, so a screen reader on a Spanish page reads them so.
 */
export function useSaySaid(): (message: Said) => ReactNode {
  const word = useWordSaid()
  return (message) =>
    message.id === AS_WRITTEN_ID ? <span lang="en">{message.text}</span> : word(message)
}

/**
 * A form field's error as react-hook-form holds it (text only): the rule a shared schema wrote
 * as that text, or a message main said about the field (see lib/field-errors.ts), worded from
 * its id; found by exact lookup, never parsed.
 */
export function saidOfFieldText(text: string, received: (text: string) => Said | undefined): Said {
  return ruleSaid(text) ?? received(text) ?? basicSaid('asWritten', { text })
}
