import { useLingui } from '@lingui/react/macro'
import type { FieldErrors } from '@shared/ipc'
import { fieldLabel } from '../../../i18n/field-labels'
import { useWordSaid } from '../../../i18n/translate-message'

/**
 * Why a row is invalid, field by field, in the page's language: each message once, its field
 * named by its label, which a message that does not name it itself is prefixed with.
 */
export function useReasonText(): (errors: FieldErrors) => string {
  const { i18n } = useLingui()
  const word = useWordSaid()
  return (errors) =>
    Object.entries(errors)
      .flatMap(([field, messages]) => {
        const label = fieldLabel(i18n, field)
        return messages.map(word).map((said) => (said.includes(label) ? said : `${label}: ${said}`))
      })
      .join(' · ')
}
