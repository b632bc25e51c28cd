import { randomUUID } from 'node:crypto'
import type { ConnectionTest } from '../../../src-shared/ipc'
import { said } from '../../../src-shared/messages'
import type { SecretValues } from '../redaction/redact'
import { errorFromAnswer } from './answer-errors'
import { TransportFailure, type Exchange } from './retried-call'
import { type HttpAnswer } from './send-once'
import { isSuccess, userPath } from './service-answers'

/** What the connection test itself finds; which secrets are missing is told beside it. */
export type ConnectionProbe = Omit<ConnectionTest, 'missingSecrets' | 'steps' | 'failedStep'>

/** What an answer to the probe says: 404 or a 2xx, the credentials were accepted. */
function probeVerdict(
  answer: HttpAnswer,
  secrets: SecretValues,
  durationMs: number,
): ConnectionProbe {
  const status = answer.status
  if (status === 404 || isSuccess(answer))
    return { outcome: 'ok', said: said('connected'), status, durationMs }
  const outcome = status === 401 || status === 403 ? 'unauthorized' : 'error'
  return { outcome, said: errorFromAnswer(answer, secrets).said, status, durationMs }
}

/**
 * Retrieves a token that cannot exist: 404 means the credentials were accepted, 401/403 that
 * they were not, no answer that the URL is unreachable.
 */
export async function probeConnection(
  exchange: Exchange,
  secrets: () => SecretValues,
): Promise<ConnectionProbe> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  let answer: HttpAnswer
  try {
    answer = await exchange.sendOnce(
      said('operationTestConnection'),
      'GET',
      userPath(`connection-test-${randomUUID()}`),
      undefined,
      404,
    )
  } catch (error) {
    if (!(error instanceof TransportFailure)) throw error
    return { outcome: 'unreachable', said: error.said, status: null, durationMs: elapsed() }
  }
  return probeVerdict(answer, secrets(), elapsed())
}
