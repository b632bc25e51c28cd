import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Notice } from '../../../components/ui/error-alert'
import { useFormat } from '../../../i18n/format'
import { BULK_MODE_MESSAGES } from '../labels'

/**
 * Rows a Create run failed with 409: their token is taken, so sending them again as Create meets
 * the same refusal. The way through is the action that updates a user who exists, named as the
 * action list names it.
 */
export function ConflictHint({ count }: { count: number }) {
  const { t, i18n } = useLingui()
  const rows = useFormat().number(count)
  const createOrUpdate = i18n._(BULK_MODE_MESSAGES.createOrUpdate)
  return (
    <Notice tone="warning">
      {t({
        message: plural(
          { conflictCount: count },
          {
            one: `${rows} row failed because a user with its token already exists (HTTP 409): running it again as Create fails the same way. To update that user with the row's values, run the file again with the action ${createOrUpdate}.`,
            other: `${rows} rows failed because a user with their token already exists (HTTP 409): running them again as Create fails the same way. To update those users with the rows' values, run the file again with the action ${createOrUpdate}.`,
          },
        ),
      })}
    </Notice>
  )
}
