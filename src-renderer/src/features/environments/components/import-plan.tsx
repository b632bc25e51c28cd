import { Trans, useLingui } from '@lingui/react/macro'
import type { ImportChange } from '@shared/environments'
import { SHARED_FIELD_LABELS } from '../labels'
import { CertificateList } from './certificate-list'

/** What importing will do to one environment, in words. */
function ChangeText({ change }: { change: ImportChange }) {
  const { i18n } = useLingui()
  if (change.action === 'add') return <Trans>New here: it will be added.</Trans>
  if (change.action === 'same') return <Trans>Already here, the same: nothing to do.</Trans>
  if (change.action === 'builtIn')
    return <Trans>The built-in sandbox’s name: not imported (rename it in the file).</Trans>
  const fields = change.fields
    .map((field) => {
      const label = SHARED_FIELD_LABELS[field]
      return label ? i18n._(label) : field
    })
    .join(', ')
  return (
    <>
      <Trans>Differs from the one here in: {fields}. Kept as it is unless you tick Replace.</Trans>
      {change.fields.includes('trust') ? (
        <>
          {' '}
          <strong>
            <Trans>
              Replacing it changes which certificate authorities it trusts: its secrets are removed,
              to be set again.
            </Trans>
          </strong>
        </>
      ) : null}
    </>
  )
}

/**
 * The plan of an import, environment by environment: what is added, what differs from the one
 * of the same name here (replaced only when its box is ticked), what is already the same.
 */
export function ImportPlan({
  changes,
  replace,
  onReplace,
}: {
  changes: readonly ImportChange[]
  replace: ReadonlySet<string>
  onReplace: (name: string, on: boolean) => void
}) {
  const { t } = useLingui()
  return (
    <table className="table import-plan">
      <caption className="visually-hidden">{t`What the import will do`}</caption>
      <thead>
        <tr>
          <th scope="col">{t`Environment`}</th>
          <th scope="col">{t`What happens`}</th>
          <th scope="col">{t`Replace`}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => {
          const name = change.name
          return (
            <tr key={name}>
              <th scope="row" translate="no">
                {change.name}
              </th>
              <td>
                <ChangeText change={change} />
                {change.certificates ? (
                  <CertificateList
                    certificates={change.certificates}
                    label={t`Certificate authorities ${name} would trust`}
                  />
                ) : null}
              </td>
              <td>
                {change.action === 'update' ? (
                  <input
                    type="checkbox"
                    aria-label={t`Replace ${name}`}
                    checked={replace.has(change.name)}
                    onChange={(event) => onReplace(change.name, event.target.checked)}
                  />
                ) : null}
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
