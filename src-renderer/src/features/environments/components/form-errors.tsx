import { Fragment, type ReactNode } from 'react'
import { get, useFormContext } from 'react-hook-form'
import { saidOfFieldText, useSaySaid } from '../../../i18n/translate-message'
import { FIELD_MESSAGE_SEPARATOR, receivedFieldSaid } from '../../../lib/field-errors'

/**
 * The errors the form holds at any of these paths (main names a TLS file by more than one), in
 * the page's language, as the form's own fields show theirs; null when there are none.
 */
export function useFormErrors(paths: readonly string[]): ReactNode {
  const { formState } = useFormContext()
  const say = useSaySaid()
  const texts = paths.flatMap((path) => {
    const found: unknown = get(formState.errors, path)
    const message =
      typeof found === 'object' && found !== null && 'message' in found ? found.message : undefined
    return typeof message === 'string' ? message.split(FIELD_MESSAGE_SEPARATOR) : []
  })
  if (texts.length === 0) return null
  return texts.map((text, index) => (
    <Fragment key={index}>
      {index > 0 ? '; ' : null}
      {say(saidOfFieldText(text, receivedFieldSaid))}
    </Fragment>
  ))
}
