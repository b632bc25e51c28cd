import {
  DIAGNOSIS_STEPS,
  type ConnectionTest,
  type DiagnosisStep,
  type DiagnosisStepName,
  type TlsFinding,
} from '@shared/ipc'
import { said, type Said } from '@shared/messages'

/** How the fixtures of diagnosis-fixtures.ts are made: steps and tests as the core makes them. */
export type Words = { en: string; es: string }

// As the core's steps.ts makes them.
const stepOf =
  (outcome: DiagnosisStep['outcome']) =>
  (step: DiagnosisStepName, message: Said, tls: TlsFinding | null = null): DiagnosisStep => ({
    step,
    outcome,
    said: message,
    tls,
  })
export const [passed, failed, skipped] = [stepOf('passed'), stepOf('failed'), stepOf('skipped')]

/**
 * A test as the core's connectionTestOf makes it: every step in order, those never reached said
 * as not tried; its outcome and message those of the first failed step.
 */
export function testOf(reached: DiagnosisStep[], status: number | null = null): ConnectionTest {
  const steps = DIAGNOSIS_STEPS.map(
    (name) => reached.find((step) => step.step === name) ?? skipped(name, said('notTried')),
  )
  const failure = steps.find((step) => step.outcome === 'failed')
  if (!failure) throw new Error('each case fails at one step')
  return {
    outcome: failure.step === 'credentials' ? 'unauthorized' : 'unreachable',
    said: failure.said,
    status,
    durationMs: 1234,
    missingSecrets: [],
    steps,
    failedStep: failure.step,
  }
}

export interface DiagnosisCase {
  name: string
  result: ConnectionTest
  /** What the failed step says, in each language. */
  says: Words
  /** What the TLS step shows: its verdict, and each certificate presented (subject, issuer). */
  tls?: { verdict: Words; certificates: [string, string][]; expired?: Words }
}

/** A case: its English words are the message's own text (unless it names a day, which the page writes its way). */
export function caseOf(
  name: string,
  result: ConnectionTest,
  es: string | Words,
  tls?: DiagnosisCase['tls'],
) {
  const says = typeof es === 'string' ? { en: result.said.text, es } : es
  return { name, result, says, ...(tls ? { tls } : {}) }
}
