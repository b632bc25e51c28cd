import { useState } from 'react'
import { Button } from '../../../components/ui/button'
import { ErrorAlert, Notice } from '../../../components/ui/error-alert'
import { Card, Loading, Page } from '../../../components/ui/page'
import { errorShape } from '../../../lib/api'
import { useEnvironments } from '../api/list-environments'
import { EnvironmentCard } from './environment-card'
import { EnvironmentForm } from './environment-form'

export function EnvironmentsScreen() {
  const environments = useEnvironments()
  const [adding, setAdding] = useState(false)
  return (
    <Page
      title="Environments"
      description="Where the console sends its calls. Secrets are write-only: once saved they are only shown as set."
      actions={
        <Button variant="primary" onClick={() => setAdding(true)} disabled={adding}>
          Add environment
        </Button>
      }
    >
      {adding ? (
        <Card title="New environment">
          <EnvironmentForm onDone={() => setAdding(false)} />
        </Card>
      ) : null}
      {environments.isLoading ? <Loading label="Loading environments…" /> : null}
      {environments.error ? <ErrorAlert error={errorShape(environments.error)} /> : null}
      {environments.data?.notices.map((notice) => (
        <Notice key={notice} tone="warning">
          {notice}
        </Notice>
      ))}
      {environments.data?.environments.map((environment) => (
        <EnvironmentCard
          key={environment.id}
          environment={environment}
          active={environment.id === environments.data.activeId}
        />
      ))}
    </Page>
  )
}
