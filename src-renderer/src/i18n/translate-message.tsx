import { useLingui } from '@lingui/react'
import type { ReactNode } from 'react'
import { translateText } from '@shared/messages/message-text'
import { fieldLabel } from './field-labels'
import { useFormat } from './format'
import { useLanguage } from './language-provider'

/**
 * A message that came as English text (a schema rule from the form's own check, from main, or
 * from the sandbox's problem+json) in the page's language, a field named by its label; a text the
 * console does not know (a real service's own words) is shown as it came.
 */
export function useTranslateMessage(): (text: string) => string {
  const { i18n } = useLingui()
  const { recognize } = useLanguage()
  const format = useFormat()
  // A field is named by its label; a whole number among the values (a limit, a count, a row) is
  // written the page's way.
  const shown = (name: string, value: string) =>
    name === 'field'
      ? fieldLabel(i18n, value)
      : /^\d+$/.test(value)
        ? format.number(Number(value))
        : value
  const say = (id: string, values: Record<string, string>) =>
    i18n._(
      id,
      Object.fromEntries(Object.entries(values).map(([name, value]) => [name, shown(name, value)])),
    )
  return (text) => translateText(text, say, recognize)
}

/**
 * The same, for a text shown on its own: one the console does not know stays as it came and is
 * marked as English, so a screen reader on a Spanish page reads it as English.
 */
export function useSayMessage(): (text: string) => ReactNode {
  const translate = useTranslateMessage()
  return (text) => {
    const said = translate(text)
    return said === text ? <span lang="en">{text}</span> : said
  }
}
