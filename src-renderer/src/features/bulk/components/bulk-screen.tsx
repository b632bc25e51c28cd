import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import type { ColumnMapping, PlanSummary, RunProgress } from '@shared/bulk'
import { Loading, Page } from '../../../components/ui/page'
import { useCurrentRun } from '../api/current-run'
import { FileStep, type FileChoice } from './file-step'
import { MappingStep } from './mapping-step'
import { PlanStep } from './plan-step'
import { RunStep } from './run-step'
import { SCREENS } from '../../../lib/screens'

type Step =
  | { kind: 'file' }
  | { kind: 'mapping'; choice: FileChoice; mapping?: ColumnMapping }
  | { kind: 'plan'; choice: FileChoice; plan: PlanSummary; mapping: ColumnMapping }
  /** `session`: a resumed run keeps its id, and its screen starts again from what resuming said. */
  | { kind: 'run'; started: RunProgress; session: number }

const STEPS: readonly MessageDescriptor[] = [msg`File`, msg`Columns`, msg`Dry run`, msg`Run`]

/** Many users at once from a CSV file: file → columns → dry run → run, one step at a time. */
export function BulkScreen() {
  const { t, i18n } = useLingui()
  const underWay = useCurrentRun()
  const [chosen, setStep] = useState<Step | null>(null)
  const sessions = useRef(0)
  const run = (started: RunProgress) => {
    sessions.current += 1
    setStep({ kind: 'run', started, session: sessions.current })
  }
  // A run under way when the screen opens (the user looked at another screen) is shown again.
  const step: Step =
    chosen ??
    (underWay.data ? { kind: 'run', started: underWay.data, session: 0 } : { kind: 'file' })
  const current = { file: 0, mapping: 1, plan: 2, run: 3 }[step.kind]
  // The control that moved the user on is gone with its step: the focus goes to the step list,
  // which says where they are now.
  const steps = useRef<HTMLOListElement>(null)
  const shownOnce = useRef(false)
  useEffect(() => {
    if (shownOnce.current) steps.current?.focus()
    shownOnce.current = true
  }, [step.kind])
  if (underWay.isPending) return <Loading label={t`Looking for a run under way…`} />
  return (
    <Page
      title={i18n._(SCREENS.bulk.heading)}
      description={t`Create, update, set the status of or export many users from a CSV file. Every row is checked before anything is sent.`}
    >
      <ol className="steps" aria-label={t`Steps`} ref={steps} tabIndex={-1}>
        {STEPS.map((label, index) => (
          <li key={label.id} aria-current={index === current ? 'step' : undefined}>
            {i18n._(label)}
          </li>
        ))}
      </ol>
      {step.kind === 'file' ? (
        <FileStep onChosen={(choice) => setStep({ kind: 'mapping', choice })} onResumed={run} />
      ) : null}
      {step.kind === 'mapping' ? (
        <MappingStep
          choice={step.choice}
          initial={step.mapping}
          onBack={() => setStep({ kind: 'file' })}
          onPlanned={(plan, mapping) =>
            setStep({ kind: 'plan', choice: step.choice, plan, mapping })
          }
        />
      ) : null}
      {step.kind === 'plan' ? (
        <PlanStep
          plan={step.plan}
          mapping={step.mapping}
          onBack={() => setStep({ kind: 'mapping', choice: step.choice, mapping: step.mapping })}
          onStarted={run}
        />
      ) : null}
      {step.kind === 'run' ? (
        <RunStep
          key={`${step.started.runId}:${step.session}`}
          started={step.started}
          onRerun={run}
          onResumed={run}
          onDone={() => setStep({ kind: 'file' })}
        />
      ) : null}
    </Page>
  )
}
