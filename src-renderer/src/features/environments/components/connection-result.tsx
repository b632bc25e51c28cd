import { Trans, useLingui } from '@lingui/react/macro'
import type { ConnectionTest } from '@shared/ipc'
import { Notice } from '../../../components/ui/error-alert'
import { useFormat } from '../../../i18n/format'
import { useSaySaid } from '../../../i18n/translate-message'
import { CONNECTION_OUTCOME_LABELS, DIAGNOSIS_STEP_LABELS } from '../labels'
import { useDatedSaid } from './certificate-list'
import { DiagnosisSteps } from './diagnosis-steps'

const OUTCOME_TONE = {
  ok: 'success',
  unauthorized: 'warning',
  credentialsNotSet: 'warning',
  unreachable: 'warning',
  error: 'warning',
} as const

/** What a connection test found: its outcome, then each step it took and where it stopped. */
export function ConnectionResult({ result }: { result: ConnectionTest }) {
  const { t, i18n } = useLingui()
  const format = useFormat()
  const say = useSaySaid()
  const dated = useDatedSaid()
  const duration = format.number(result.durationMs)
  const missing = result.missingSecrets.length > 0
  const failed = result.steps.find((step) => step.outcome === 'failed')
  const failedStep = failed ? i18n._(DIAGNOSIS_STEP_LABELS[failed.step]) : null
  // Credentials not set stop the test without a failure: their step says which, and what to do.
  const decided =
    failed ??
    (result.outcome === 'credentialsNotSet'
      ? result.steps.find((step) => step.step === 'credentials')
      : undefined)
  // The step that decided says the same thing in its place, where it is announced: said once.
  const repeated =
    decided !== undefined &&
    decided.said.id === result.said.id &&
    JSON.stringify(decided.said.values) === JSON.stringify(result.said.values)
  return (
    <div className="connection-result">
      <Notice tone={missing ? 'warning' : OUTCOME_TONE[result.outcome]}>
        <strong>{i18n._(CONNECTION_OUTCOME_LABELS[result.outcome])}</strong>{' '}
        {/* The steps can run below the window's edge: the one to look at is named here. */}
        {failedStep ? <>{t`Failed step: ${failedStep}.`} </> : null}
        {repeated ? null : <>{say(dated(result.said))} </>}
        <span className="muted">{t`(${duration} ms)`}</span>
        {missing ? (
          <p>
            <Trans>
              Still not set: the userToken secret. Authenticate by user identifier needs it; set it
              below, or give an already-hashed userToken.
            </Trans>
          </p>
        ) : null}
      </Notice>
      {result.steps.length > 0 ? (
        <DiagnosisSteps steps={result.steps} announced={decided?.step ?? null} />
      ) : null}
    </div>
  )
}
