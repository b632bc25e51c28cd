import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { EnvironmentView } from '@shared/environments'
import { Button } from '../../../components/ui/button'
import { ErrorAlert } from '../../../components/ui/error-alert'
import { Card } from '../../../components/ui/page'
import { DefinitionList } from '../../../components/ui/definition-list'
import { useFormat } from '../../../i18n/format'
import { errorShape } from '../../../lib/api'
import { useDeleteEnvironment } from '../api/delete-environment'
import { useSelectEnvironment } from '../api/select-environment'
import { useTestConnection } from '../api/test-connection'
import { environmentName } from '../../../lib/environment-name'
import { ConnectionResult } from './connection-result'
import { EnvironmentForm } from './environment-form'
import { KindBadge } from './kind-badge'
import { useNetworkDefinitions } from './network-summary'
import { SecretFields } from './secret-fields'

export function EnvironmentCard({
  environment,
  active,
}: {
  environment: EnvironmentView
  active: boolean
}) {
  const { t, i18n } = useLingui()
  const format = useFormat()
  const [editing, setEditing] = useState(false)
  const [confirmingDelete, setConfirmingDelete] = useState(false)
  const select = useSelectEnvironment()
  const remove = useDeleteEnvironment()
  const test = useTestConnection()
  const name = environmentName(environment, i18n)
  const seconds = format.number(environment.timeoutMs / 1000)
  const network = useNetworkDefinitions(environment)

  const title = (
    <>
      <KindBadge kind={environment.kind} />
      {active ? (
        <span className="badge badge-ok">
          <Trans>Active</Trans>
        </span>
      ) : null}
    </>
  )
  return (
    <Card
      title={name}
      titleIsData={!environment.builtIn}
      actions={
        <>
          {active ? null : (
            <Button
              variant="primary"
              busy={select.isPending}
              onClick={() => select.mutate(environment.id)}
              aria-label={t`Use ${name}`}
            >
              <Trans>Use</Trans>
            </Button>
          )}
          <Button
            busy={test.isPending}
            onClick={() => test.mutate(environment.id)}
            aria-label={t`Test connection to ${name}`}
          >
            <Trans>Test connection</Trans>
          </Button>
          {environment.builtIn ? null : (
            <>
              <Button
                onClick={() => setEditing((e) => !e)}
                aria-label={t`Edit ${name}`}
                aria-expanded={editing}
              >
                <Trans>Edit</Trans>
              </Button>
              <Button
                variant="danger"
                onClick={() => setConfirmingDelete(true)}
                aria-label={t`Delete ${name}`}
              >
                <Trans>Delete</Trans>
              </Button>
            </>
          )}
        </>
      }
    >
      <p className="card-subtitle">{title}</p>
      <DefinitionList
        items={[
          { term: t`Base URL`, value: <code translate="no">{environment.baseUrl}</code> },
          {
            term: t`userToken scheme`,
            value: <span translate="no">{environment.userTokenScheme}</span>,
          },
          { term: t`Timeout`, value: t`${seconds} s` },
          ...network,
        ]}
      />
      {environment.builtIn ? (
        <p className="muted">
          <Trans>
            Built in: the sandbox runs inside the console, with credentials it generated and keeps
            in the keychain.
          </Trans>
        </p>
      ) : (
        <SecretFields environment={environment} />
      )}
      {editing ? (
        <EnvironmentForm environment={environment} onDone={() => setEditing(false)} />
      ) : null}
      {confirmingDelete ? (
        <div className="alert alert-warning" role="alertdialog" aria-label={t`Delete ${name}?`}>
          <p>
            <Trans>
              Delete <strong translate="no">{name}</strong> and its credentials from the keychain?
            </Trans>
          </p>
          <div className="form-actions">
            <Button onClick={() => setConfirmingDelete(false)} autoFocus>
              <Trans>Keep it</Trans>
            </Button>
            <Button
              variant="danger"
              busy={remove.isPending}
              onClick={() => remove.mutate(environment.id)}
            >
              <Trans>Delete environment</Trans>
            </Button>
          </div>
        </div>
      ) : null}
      {/* Each test anew, so that the same result twice is announced twice. */}
      {test.data ? <ConnectionResult key={test.submittedAt} result={test.data} /> : null}
      {test.error ? <ErrorAlert error={errorShape(test.error)} /> : null}
      {select.error ? <ErrorAlert error={errorShape(select.error)} /> : null}
      {remove.error ? <ErrorAlert error={errorShape(remove.error)} /> : null}
    </Card>
  )
}
