import { useState } from 'react'
import type { EnvironmentView } from '@shared/environments'
import { Button } from '../../../components/ui/button'
import { ErrorAlert, Notice } from '../../../components/ui/error-alert'
import { Card } from '../../../components/ui/page'
import { DefinitionList } from '../../../components/ui/definition-list'
import { errorShape } from '../../../lib/api'
import { useDeleteEnvironment } from '../api/delete-environment'
import { useSelectEnvironment } from '../api/select-environment'
import { useTestConnection } from '../api/test-connection'
import { EnvironmentForm } from './environment-form'
import { KindBadge } from './kind-badge'
import { SecretFields } from './secret-fields'

const OUTCOME_TONE = {
  ok: 'success',
  unauthorized: 'warning',
  unreachable: 'warning',
  error: 'warning',
} as const

export function EnvironmentCard({
  environment,
  active,
}: {
  environment: EnvironmentView
  active: boolean
}) {
  const [editing, setEditing] = useState(false)
  const [confirmingDelete, setConfirmingDelete] = useState(false)
  const select = useSelectEnvironment()
  const remove = useDeleteEnvironment()
  const test = useTestConnection()

  const title = (
    <>
      <KindBadge kind={environment.kind} />
      {active ? <span className="badge badge-ok">Active</span> : null}
    </>
  )
  return (
    <Card
      title={environment.name}
      actions={
        <>
          {active ? null : (
            <Button
              variant="primary"
              busy={select.isPending}
              onClick={() => select.mutate(environment.id)}
              aria-label={`Use ${environment.name}`}
            >
              Use
            </Button>
          )}
          <Button
            busy={test.isPending}
            onClick={() => test.mutate(environment.id)}
            aria-label={`Test connection to ${environment.name}`}
          >
            Test connection
          </Button>
          {environment.builtIn ? null : (
            <>
              <Button
                onClick={() => setEditing((e) => !e)}
                aria-label={`Edit ${environment.name}`}
                aria-expanded={editing}
              >
                Edit
              </Button>
              <Button
                variant="danger"
                onClick={() => setConfirmingDelete(true)}
                aria-label={`Delete ${environment.name}`}
              >
                Delete
              </Button>
            </>
          )}
        </>
      }
    >
      <p className="card-subtitle">{title}</p>
      <DefinitionList
        items={[
          { term: 'Base URL', value: <code>{environment.baseUrl}</code> },
          { term: 'userToken scheme', value: environment.userTokenScheme },
          { term: 'Timeout', value: `${environment.timeoutMs / 1000} s` },
        ]}
      />
      {environment.builtIn ? (
        <p className="muted">
          Built in: the sandbox runs inside the console, with credentials it generated and keeps in
          the keychain.
        </p>
      ) : (
        <SecretFields environment={environment} />
      )}
      {editing ? (
        <EnvironmentForm environment={environment} onDone={() => setEditing(false)} />
      ) : null}
      {confirmingDelete ? (
        <div
          className="alert alert-warning"
          role="alertdialog"
          aria-label={`Delete ${environment.name}?`}
        >
          <p>
            Delete <strong>{environment.name}</strong> and its credentials from the keychain?
          </p>
          <div className="form-actions">
            <Button onClick={() => setConfirmingDelete(false)} autoFocus>
              Keep it
            </Button>
            <Button
              variant="danger"
              busy={remove.isPending}
              onClick={() => remove.mutate(environment.id)}
            >
              Delete environment
            </Button>
          </div>
        </div>
      ) : null}
      {test.data ? (
        <Notice tone={OUTCOME_TONE[test.data.outcome]}>
          <strong>
            {test.data.outcome === 'ok'
              ? 'Connection OK'
              : test.data.outcome === 'unauthorized'
                ? 'Credentials refused'
                : test.data.outcome === 'unreachable'
                  ? 'Unreachable'
                  : 'Service error'}
          </strong>{' '}
          {test.data.message} <span className="muted">({test.data.durationMs} ms)</span>
        </Notice>
      ) : null}
      {test.error ? <ErrorAlert error={errorShape(test.error)} /> : null}
      {select.error ? <ErrorAlert error={errorShape(select.error)} /> : null}
      {remove.error ? <ErrorAlert error={errorShape(remove.error)} /> : null}
    </Card>
  )
}
