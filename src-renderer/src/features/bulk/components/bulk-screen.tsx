import { useState } from 'react'
import type { ColumnMapping, PlanSummary, RunProgress } from '@shared/bulk'
import { Page } from '../../../components/ui/page'
import { FileStep, type FileChoice } from './file-step'
import { MappingStep } from './mapping-step'
import { PlanStep } from './plan-step'
import { RunStep } from './run-step'

type Step =
  | { kind: 'file' }
  | { kind: 'mapping'; choice: FileChoice }
  | { kind: 'plan'; choice: FileChoice; plan: PlanSummary; mapping: ColumnMapping }
  | { kind: 'run'; started: RunProgress }

const STEPS = ['File', 'Columns', 'Dry run', 'Run'] as const

/** Many users at once from a CSV file: file → columns → dry run → run, one step at a time. */
export function BulkScreen() {
  const [step, setStep] = useState<Step>({ kind: 'file' })
  const current = { file: 0, mapping: 1, plan: 2, run: 3 }[step.kind]
  return (
    <Page
      title="Bulk"
      description="Create, update, set the status of or export many users from a CSV file. Every row is checked before anything is sent."
    >
      <ol className="steps" aria-label="Steps">
        {STEPS.map((label, index) => (
          <li key={label} aria-current={index === current ? 'step' : undefined}>
            {label}
          </li>
        ))}
      </ol>
      {step.kind === 'file' ? (
        <FileStep
          onChosen={(choice) => setStep({ kind: 'mapping', choice })}
          onResumed={(started) => setStep({ kind: 'run', started })}
        />
      ) : null}
      {step.kind === 'mapping' ? (
        <MappingStep
          choice={step.choice}
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
          onBack={() => setStep({ kind: 'mapping', choice: step.choice })}
          onStarted={(started) => setStep({ kind: 'run', started })}
        />
      ) : null}
      {step.kind === 'run' ? (
        <RunStep
          key={step.started.runId}
          started={step.started}
          onDone={() => setStep({ kind: 'file' })}
        />
      ) : null}
    </Page>
  )
}
