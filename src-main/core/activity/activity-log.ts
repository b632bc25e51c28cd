import { randomUUID } from 'node:crypto'
import type { ActivityEntry } from '../../../src-shared/activity'
import { redact, type SecretValues } from '../redaction/redact'
import { redactSaid } from '../redaction/redact-error'

export const ACTIVITY_LIMITS = { entries: 200, bodyChars: 20_000 } as const

type CallRecord = Omit<ActivityEntry, 'id' | 'at'>

function clip(text: string | null): string | null {
  if (text === null || text.length <= ACTIVITY_LIMITS.bodyChars) return text
  return `${text.slice(0, ACTIVITY_LIMITS.bodyChars)}… (${text.length - ACTIVITY_LIMITS.bodyChars} more characters not kept)`
}

function storedEntry(call: CallRecord, secrets: SecretValues, at: number): ActivityEntry {
  const scrub = (text: string | null) => (text === null ? null : redact(text, secrets))
  return {
    ...call,
    id: randomUUID(),
    at: new Date(at).toISOString(),
    url: redact(call.url, secrets),
    requestHeaders: Object.fromEntries(
      Object.entries(call.requestHeaders).map(([k, v]) => [k, redact(v, secrets)]),
    ),
    requestBody: clip(scrub(call.requestBody)),
    responseBody: clip(scrub(call.responseBody)),
    failure: call.failure === null ? null : redactSaid(call.failure, secrets),
  }
}

/**
 * Every service call, newest first, in memory only (it holds users' personal data): bounded, and
 * redacted before anything can read it, so no secret ever leaves it.
 *
 * A call is kept as it came, with the secrets it was made with, and turned into its redacted,
 * clipped entry only when the log is read: a call pays nothing for the log on its way, and of a
 * bulk run's thousands of calls only the newest the log keeps are ever redacted. Calls beyond the
 * bound are dropped in small batches, so it never holds many more than it keeps.
 */
export function createActivityLog() {
  type Waiting = { call: CallRecord; secrets: SecretValues; at: number }
  /** Oldest first; each kept as it came until the log is read. */
  const kept: (Waiting | ActivityEntry)[] = []
  const DROP_EVERY = 32

  function trim(): void {
    if (kept.length > ACTIVITY_LIMITS.entries) kept.splice(0, kept.length - ACTIVITY_LIMITS.entries)
  }

  function settled(): ActivityEntry[] {
    trim()
    for (const [index, item] of kept.entries())
      if ('call' in item) kept[index] = storedEntry(item.call, item.secrets, item.at)
    return kept as ActivityEntry[]
  }

  return {
    /** `secrets`: what this call hides, decided as it is recorded (given-secrets.ts). */
    record(call: CallRecord, secrets: SecretValues): void {
      const at = Date.now()
      // A long body is redacted and clipped at once: a service answering every call of a bulk
      // run with megabytes must not make the log hold hundreds of them whole.
      const long = [call.requestBody, call.responseBody].some(
        (body) => body !== null && body.length > ACTIVITY_LIMITS.bodyChars,
      )
      kept.push(long ? storedEntry(call, secrets, at) : { call, secrets, at })
      if (kept.length >= ACTIVITY_LIMITS.entries + DROP_EVERY) trim()
    },
    list(): ActivityEntry[] {
      return settled().toReversed()
    },
    clear(): number {
      trim()
      const count = kept.length
      kept.length = 0
      return count
    },
  }
}
export type ActivityLog = ReturnType<typeof createActivityLog>
