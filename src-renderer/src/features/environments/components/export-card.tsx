import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import type { EnvironmentView } from '@shared/environments'
import { PathField } from '../../../components/path-field'
import { Button } from '../../../components/ui/button'
import { ErrorAlert, Notice } from '../../../components/ui/error-alert'
import { Card } from '../../../components/ui/page'
import { errorShape } from '../../../lib/api'
import { toggled } from '../../../lib/toggled'
import { useExportEnvironments } from '../api/transfer-environments'

function Exported({ count, name }: { count: number; name: string }) {
  const { t } = useLingui()
  return t({
    message: plural(count, {
      one: `Exported ${count} environment to ${name}. No secret is in the file.`,
      other: `Exported ${count} environments to ${name}. No secret is in the file.`,
    }),
  })
}

/**
 * Environments to a file a team can share: the ones ticked (all of the user's own at first),
 * written by main to the place chosen to save. The file holds no secret: each person who imports
 * it sets their own.
 */
export function ExportCard({
  environments,
  onClose,
}: {
  environments: readonly EnvironmentView[]
  onClose: () => void
}) {
  const { t } = useLingui()
  const id = useId()
  const own = environments.filter((environment) => !environment.builtIn)
  // Every environment is ticked unless untouched: one listed after the card opened is too.
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set())
  const exported = useExportEnvironments()
  const ids = own.filter((environment) => !unticked.has(environment.id)).map((e) => e.id)
  const tick = (environmentId: string, on: boolean) => {
    exported.reset()
    setUnticked(toggled(unticked, environmentId, !on))
  }
  return (
    <Card
      title={t`Export environments`}
      actions={
        <Button variant="ghost" onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      }
    >
      <p className="muted">
        <Trans>
          The file holds each environment’s name, URL, kind, userToken scheme, limits, proxy and the
          certificates of its CA file. It holds no secret and no client certificate: whoever imports
          it sets their own.
        </Trans>
      </p>
      {own.length === 0 ? (
        <p>
          <Trans>
            There is no environment of your own to export yet: the built-in sandbox is on every
            computer already.
          </Trans>
        </p>
      ) : (
        <>
          <fieldset className="fieldset transfer-choices">
            <legend>
              <Trans>Environments to export</Trans>
            </legend>
            {own.map((environment) => (
              <div className="field field-checkbox" key={environment.id}>
                <input
                  id={`${id}-${environment.id}`}
                  type="checkbox"
                  checked={!unticked.has(environment.id)}
                  onChange={(event) => tick(environment.id, event.target.checked)}
                />
                <label htmlFor={`${id}-${environment.id}`} translate="no">
                  {environment.name}
                </label>
              </div>
            ))}
          </fieldset>
          {ids.length === 0 ? (
            <Notice tone="warning">
              <Trans>Tick at least one environment to export.</Trans>
            </Notice>
          ) : (
            <PathField
              label={t`File to write`}
              action={t`Export`}
              busy={exported.isPending}
              dialog={{ purpose: 'save', format: 'json', suggestedName: 'environments.json' }}
              onAttempt={exported.reset}
              onSubmit={(file) => exported.mutate({ file, ids })}
            />
          )}
        </>
      )}
      {exported.data ? (
        <Notice tone="success">
          <Exported count={exported.data.count} name={exported.data.name} />
        </Notice>
      ) : null}
      {exported.error ? <ErrorAlert error={errorShape(exported.error)} /> : null}
    </Card>
  )
}
