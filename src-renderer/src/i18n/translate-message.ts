import { useLingui } from '@lingui/react'
import { recognizeSharedText } from '@shared/messages'

/**
 * A message that came as English text (a schema rule from the form's own check, from main, or
 * from the sandbox's problem+json) in the page's language; a text the console does not know (a
 * real service's own words) is shown as it came.
 */
export function useTranslateMessage(): (text: string) => string {
  const { i18n } = useLingui()
  return (text) => {
    const recognized = recognizeSharedText(text)
    return recognized ? i18n._(recognized.message.id, recognized.values) : text
  }
}
