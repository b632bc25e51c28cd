import { Trans } from '@lingui/react/macro'
import { ErrorAlert } from '../../../components/ui/error-alert'
import { errorShape } from '../../../lib/api'

/**
 * Why a save was refused, said once: the messages main put on the form's own fields are shown
 * there, by the field's label, and this alert only points at them; what names no field of the
 * form is said here.
 */
export function SaveError({ error, fields }: { error: unknown; fields: readonly string[] }) {
  const shape = errorShape(error)
  const named = Object.keys(shape.fieldErrors ?? {})
  if (named.length > 0 && named.every((field) => fields.includes(field)))
    return (
      <div className="alert alert-error" role="alert">
        <strong className="alert-title">
          <Trans>Not saved</Trans>
        </strong>
        <p>
          <Trans>Correct the fields marked in this form, then save again.</Trans>
        </p>
      </div>
    )
  // Its message names the first field by its label: listed again only among several.
  const unplaced = Object.entries(shape.fieldErrors ?? {}).filter(([f]) => !fields.includes(f))
  const fieldErrors = unplaced.length > 1 ? Object.fromEntries(unplaced) : undefined
  return <ErrorAlert error={{ ...shape, fieldErrors }} />
}
