import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { EnvironmentView } from '@shared/environments'
import type { EnvironmentsImport, FileGrant } from '@shared/ipc'
import { PathField } from '../../../components/path-field'
import { Button } from '../../../components/ui/button'
import { ErrorAlert, Notice } from '../../../components/ui/error-alert'
import { Card } from '../../../components/ui/page'
import { errorShape } from '../../../lib/api'
import { toggled } from '../../../lib/toggled'
import { useImportEnvironments, useImportPlan } from '../api/transfer-environments'
import { ImportPlan } from './import-plan'
import { SecretFields } from './secret-fields'

function Imported({ result }: { result: EnvironmentsImport }) {
  const { t } = useLingui()
  const done = result.changes.filter((change) => change.done).length
  if (done === 0) return t`Nothing was imported: every environment was kept as it is.`
  return t({
    message: plural(done, {
      one: `${done} environment was imported. Nothing else changed.`,
      other: `${done} environments were imported. Nothing else changed.`,
    }),
  })
}

/** After an import: each environment added or replaced, asking for the secrets it still needs. */
function SecretsToSet({
  result,
  environments,
}: {
  result: EnvironmentsImport
  environments: readonly EnvironmentView[]
}) {
  const { t } = useLingui()
  return result.secretsToSet.map(({ id, name }) => {
    const environment = environments.find((e) => e.id === id)
    if (!environment) return null
    return (
      <section key={id} className="import-secrets" aria-label={t`Secrets of ${name}`}>
        <h3>
          <Trans>
            Secrets of <span translate="no">{name}</span>: the file had none
          </Trans>
        </h3>
        <SecretFields environment={environment} />
      </section>
    )
  })
}

/**
 * Environments from a shared file: main reads it and says what importing would do, nothing is
 * written until the user has seen that and said which differing ones to replace; then the new
 * and replaced environments ask for their secrets.
 */
export function ImportCard({
  environments,
  onClose,
}: {
  environments: readonly EnvironmentView[]
  onClose: () => void
}) {
  const { t } = useLingui()
  const [file, setFile] = useState<FileGrant | null>(null)
  const [replace, setReplace] = useState<ReadonlySet<string>>(new Set())
  const plan = useImportPlan()
  const imported = useImportEnvironments()
  const changes = plan.data?.changes ?? []
  const anything = changes.some((c) => c.action === 'add') || replace.size > 0
  const review = (chosen: FileGrant) => {
    imported.reset()
    setReplace(new Set())
    plan.mutate(chosen, { onSuccess: () => setFile(chosen) })
  }
  const another = () => {
    imported.reset()
    plan.reset()
    setFile(null)
  }
  const onReplace = (name: string, on: boolean) => setReplace(toggled(replace, name, on))
  return (
    <Card
      title={t`Import environments`}
      actions={
        <Button variant="ghost" onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      }
    >
      {imported.data ? (
        <>
          <Notice tone="success">
            <Imported result={imported.data} />
          </Notice>
          <SecretsToSet result={imported.data} environments={environments} />
          <div className="form-actions">
            <Button onClick={another}>
              <Trans>Import another file</Trans>
            </Button>
          </div>
        </>
      ) : (
        <>
          <PathField
            label={t`File of environments`}
            description={t`A file exported by Integrator Console. Nothing changes until you have seen what it holds.`}
            action={t`Review`}
            busy={plan.isPending}
            dialog={{ purpose: 'open', format: 'json' }}
            onSubmit={review}
          />
          {plan.error ? <ErrorAlert error={errorShape(plan.error)} /> : null}
          {file && plan.data ? (
            <>
              <ImportPlan changes={changes} replace={replace} onReplace={onReplace} />
              <div className="form-actions">
                <Button
                  variant="primary"
                  busy={imported.isPending}
                  disabled={!anything}
                  onClick={() => imported.mutate({ file, replace: [...replace] })}
                >
                  <Trans>Import</Trans>
                </Button>
              </div>
              {imported.error ? <ErrorAlert error={errorShape(imported.error)} /> : null}
            </>
          ) : null}
        </>
      )}
    </Card>
  )
}
