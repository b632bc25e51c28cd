import { useLingui } from '@lingui/react/macro'
import type { FieldErrors } from '@shared/ipc'
import { fieldLabel } from '../../../i18n/field-labels'
import { useTranslateMessage } from '../../../i18n/translate-message'

/** Why a row is invalid, field by field, each field by its label and each rule in the page's language. */
export function useReasonText(): (errors: FieldErrors) => string {
  const { i18n } = useLingui()
  const translateMessage = useTranslateMessage()
  return (errors) =>
    Object.entries(errors)
      .map(
        ([field, messages]) =>
          `${fieldLabel(i18n, field)}: ${messages.map(translateMessage).join('; ')}`,
      )
      .join(' · ')
}
