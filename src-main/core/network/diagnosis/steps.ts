import {
  DIAGNOSIS_STEPS,
  type ConnectionTest,
  type DiagnosisStep,
  type DiagnosisStepName,
  type TlsFinding,
} from '../../../../src-shared/ipc'
import { said, type Said } from '../../../../src-shared/messages'

export const passed = (
  step: DiagnosisStepName,
  message: Said,
  tls: TlsFinding | null = null,
): DiagnosisStep => ({ step, outcome: 'passed', said: message, tls })

export const failed = (
  step: DiagnosisStepName,
  message: Said,
  tls: TlsFinding | null = null,
): DiagnosisStep => ({ step, outcome: 'failed', said: message, tls })

export const skipped = (step: DiagnosisStepName, message: Said): DiagnosisStep => ({
  step,
  outcome: 'skipped',
  said: message,
  tls: null,
})

/** What the real call (service-client's testConnection) found. */
export type CallAnswer = Pick<ConnectionTest, 'outcome' | 'said' | 'status'>

/**
 * The steps the real call decides, with the exchange's own verdict: an answer at all passes the
 * HTTP step (a 404 for the made-up token it asks for is the expected one), 401 and 403 fail the
 * credentials, any other refusal or no answer fails the HTTP step. Without credentials it is not
 * made: neither step is tried.
 */
export function answerSteps(answer: CallAnswer): DiagnosisStep[] {
  const answered = () =>
    passed(
      'http',
      answer.status === 404
        ? said('httpAnsweredNotFound')
        : said('httpAnswered', { status: answer.status ?? 0 }),
    )
  switch (answer.outcome) {
    case 'ok':
      return [answered(), passed('credentials', answer.said)]
    case 'unauthorized':
      return [answered(), failed('credentials', answer.said)]
    case 'credentialsNotSet':
      return [
        skipped('http', said('notCalledWithoutCredentials')),
        skipped('credentials', answer.said),
      ]
    case 'error':
    case 'unreachable':
      return [failed('http', answer.said)]
  }
}

/** Every step in order: those after the first failure, never reached, are said as not tried. */
function allSteps(reached: readonly DiagnosisStep[]): DiagnosisStep[] {
  return DIAGNOSIS_STEPS.map(
    (name) => reached.find((step) => step.step === name) ?? skipped(name, said('notTried')),
  )
}

/**
 * The connection test as the contract has it, its outcome and message those of its first failed
 * step: the probes' when one of them failed (nothing was sent, no real call made), else the real
 * call's.
 */
export function connectionTestOf(
  probed: readonly DiagnosisStep[],
  answer: CallAnswer | null,
  durationMs: number,
): Omit<ConnectionTest, 'missingSecrets'> {
  const steps = allSteps(answer === null ? probed : [...probed, ...answerSteps(answer)])
  const failure = steps.find((step) => step.outcome === 'failed')
  const verdict: CallAnswer = answer ?? {
    outcome: 'unreachable',
    said: failure?.said ?? said('notTried'),
    status: null,
  }
  return { ...verdict, durationMs, steps, failedStep: failure?.step ?? null }
}

/**
 * Every network step passed, and the credentials the real call needs are not set: it is not
 * made (it could only be refused), so nothing was refused: the credentials step is not tried, and
 * says which are missing and where to set them.
 */
export function credentialsNotSet(
  probed: readonly DiagnosisStep[],
  missing: Said,
  durationMs: number,
): Omit<ConnectionTest, 'missingSecrets'> {
  return connectionTestOf(
    probed,
    { outcome: 'credentialsNotSet', said: missing, status: null },
    durationMs,
  )
}
