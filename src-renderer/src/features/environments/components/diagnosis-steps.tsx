import { Trans, useLingui } from '@lingui/react/macro'
import type { DiagnosisStep, TlsFinding } from '@shared/ipc'
import { useSaySaid } from '../../../i18n/translate-message'
import { DIAGNOSIS_STEP_LABELS, STEP_OUTCOME_LABELS, TRUSTED_BY_LABELS } from '../labels'
import { CertificateList, useDatedSaid } from './certificate-list'

function announceAs(step: DiagnosisStep, announced: DiagnosisStep['step'] | null) {
  if (step.step !== announced) return undefined
  return step.outcome === 'failed' ? 'alert' : 'status'
}

/** A mark beside the words: the words say the state, the shape only helps the eye. */
function OutcomeIcon({ outcome }: { outcome: DiagnosisStep['outcome'] }) {
  const path =
    outcome === 'passed'
      ? 'M3.5 8.5l3 3 6-7'
      : outcome === 'failed'
        ? 'M4 4l8 8M12 4l-8 8'
        : 'M4 8h8'
  return (
    <svg className="step-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  )
}

/**
 * How the environment's trust judged the chain, then whether the certificate names the host: apart,
 * as the core judges them. A trusted chain for another name is said as trusted, but not for this
 * host, so the chain is not taken for the fault.
 */
function Verdict({ finding }: { finding: TlsFinding }) {
  const { i18n } = useLingui()
  const judge = i18n._(TRUSTED_BY_LABELS[finding.trustedBy])
  if (finding.accepted && !finding.hostMatches)
    return (
      <strong className="finding-bad">
        <Trans>
          Checked against {judge}: trusted, but not for this host name: the certificate does not
          name this service.
        </Trans>
      </strong>
    )
  return (
    <>
      {finding.accepted ? (
        <Trans>Checked against {judge}: trusted.</Trans>
      ) : (
        <strong className="finding-bad">
          <Trans>Checked against {judge}: not trusted.</Trans>
        </strong>
      )}{' '}
      {finding.hostMatches ? (
        <Trans>Host name: the certificate names this service.</Trans>
      ) : (
        <strong className="finding-bad">
          <Trans>Host name: the certificate does not name this service.</Trans>
        </strong>
      )}
    </>
  )
}

/** The certificates the service presented, and how the environment's trust judged them. */
function TlsFindingView({ finding }: { finding: TlsFinding }) {
  const { t } = useLingui()
  return (
    <div className="tls-finding">
      <p>
        <Verdict finding={finding} />
      </p>
      {finding.chain.length > 0 ? (
        <CertificateList
          certificates={finding.chain}
          label={t`Certificates the service presented`}
          withIssuer
        />
      ) : null}
    </div>
  )
}

/**
 * Each step of a connection test in the order a call takes them, its state in words; the step
 * that decided the outcome (one that failed, or credentials not set) is announced, with why and
 * what to do: a failure as an alert, a step not tried as a status.
 */
export function DiagnosisSteps({
  steps,
  announced,
}: {
  steps: DiagnosisStep[]
  announced: DiagnosisStep['step'] | null
}) {
  const { t, i18n } = useLingui()
  const say = useSaySaid()
  const dated = useDatedSaid()
  return (
    <ol className="diagnosis" aria-label={t`Connection steps`}>
      {steps.map((step) => {
        const name = i18n._(DIAGNOSIS_STEP_LABELS[step.step])
        const state = i18n._(STEP_OUTCOME_LABELS[step.outcome])
        return (
          <li key={step.step} className={`diagnosis-step step-${step.outcome}`}>
            {/* The deciding step is announced whole: which step, its state, why. */}
            <div role={announceAs(step, announced)}>
              <p className="step-head">
                <OutcomeIcon outcome={step.outcome} />
                <strong>{name}</strong>
                <span className="step-state">{state}</span>
              </p>
              <p className="step-said">{say(dated(step.said))}</p>
            </div>
            {step.tls ? <TlsFindingView finding={step.tls} /> : null}
          </li>
        )
      })}
    </ol>
  )
}
