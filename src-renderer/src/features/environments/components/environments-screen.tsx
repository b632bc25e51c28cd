import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Button } from '../../../components/ui/button'
import { ErrorAlert, Notice } from '../../../components/ui/error-alert'
import { Card, Loading, Page } from '../../../components/ui/page'
import { useSaySaid } from '../../../i18n/translate-message'
import { errorShape } from '../../../lib/api'
import { useEnvironments } from '../api/list-environments'
import { EnvironmentCard } from './environment-card'
import { EnvironmentForm } from './environment-form'
import { ExportCard } from './export-card'
import { ImportCard } from './import-card'
import { SCREENS } from '../../../lib/screens'
import '../network.css'
import '../transfer.css'

export function EnvironmentsScreen() {
  const { t, i18n } = useLingui()
  const say = useSaySaid()
  const environments = useEnvironments()
  const [adding, setAdding] = useState(false)
  const [sharing, setSharing] = useState<'export' | 'import' | null>(null)
  const all = environments.data?.environments ?? []
  return (
    <Page
      title={i18n._(SCREENS.environments.heading)}
      description={t`Where the console sends its calls. Secrets are write-only: once saved they are only shown as set.`}
      actions={
        <>
          <Button onClick={() => setSharing('import')} disabled={sharing === 'import'}>
            <Trans>Import…</Trans>
          </Button>
          <Button onClick={() => setSharing('export')} disabled={sharing === 'export'}>
            <Trans>Export…</Trans>
          </Button>
          <Button variant="primary" onClick={() => setAdding(true)} disabled={adding}>
            <Trans>Add environment</Trans>
          </Button>
        </>
      }
    >
      {sharing === 'export' ? (
        <ExportCard environments={all} onClose={() => setSharing(null)} />
      ) : null}
      {sharing === 'import' ? (
        <ImportCard environments={all} onClose={() => setSharing(null)} />
      ) : null}
      {adding ? (
        <Card title={t`New environment`}>
          <EnvironmentForm onDone={() => setAdding(false)} />
        </Card>
      ) : null}
      {environments.isLoading ? <Loading label={t`Loading environments…`} /> : null}
      {environments.error ? <ErrorAlert error={errorShape(environments.error)} /> : null}
      {environments.data?.notices.map((notice) => (
        <Notice key={notice.text} tone="warning">
          {say(notice)}
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
