import { Trans } from '@lingui/react/macro'
import { useWatch } from 'react-hook-form'
import { sentAs, type AsWrittenField, type UserFormValues } from '@shared/service'
import '../users.css'

/**
 * The value the service will get for a field typed another way (a day-first date, a DNI with
 * dots), shown under it before anything is sent: the same rule the bulk files go through.
 */
export function SentAs({ field }: { field: AsWrittenField }) {
  const typed = useWatch<UserFormValues, AsWrittenField>({ name: field })
  const sent = sentAs(field, typed)
  if (sent === null) return null
  return (
    <span className="sent-as">
      {' '}
      <Trans>
        Will be sent as <code translate="no">{sent}</code>.
      </Trans>
    </span>
  )
}
