import { useLingui } from '@lingui/react'
import type { ReactNode } from 'react'
import { translateText } from '@shared/messages/message-text'
import { useLanguage } from './language-provider'

/**
 * A message that came as English text (a schema rule from the form's own check, from main, or
 * from the sandbox's problem+json) in the page's language; a text the console does not know (a
 * real service's own words) is shown as it came.
 */
export function useTranslateMessage(): (text: string) => string {
  const { i18n } = useLingui()
  const { recognize } = useLanguage()
  if (recognize === null) return (text) => text
  return (text) => translateText(text, (id, values) => i18n._(id, values), recognize)
}

/**
 * The same, for a text shown on its own: one the console does not know stays as it came and is
 * marked as English, so a screen reader on a Spanish page reads it as English.
 */
export function useSayMessage(): (text: string) => ReactNode {
  const translate = useTranslateMessage()
  const { recognize } = useLanguage()
  return (text) => {
    if (recognize === null) return text
    const said = translate(text)
    return said === text ? <span lang="en">{text}</span> : said
  }
}
