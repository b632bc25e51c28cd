import { randomUUID } from 'node:crypto'
import type { ActivityEntry } from '../../src-shared/activity'
import { redact, type SecretValues } from './redact'

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
    failure: scrub(call.failure),
  }
}

/**
 * Every service call, newest first, in memory only (it holds users' personal data): bounded, and
 * redacted before anything can read it, so no secret ever leaves it.
 *
 * A call is kept as it came and turned into its redacted, clipped entry just after, off the
 * call's path (the next turn of the event loop, usually while the next call waits on the
 * network): the answer reaches the page that much sooner. Reading or clearing the log first
 * finishes what is waiting, so nothing is seen unredacted nor lost.
 */
export function createActivityLog() {
  const entries: ActivityEntry[] = []
  let waiting: { call: CallRecord; secrets: SecretValues; at: number }[] = []
  let scheduled = false

  function settle(): void {
    scheduled = false
    const batch = waiting
    waiting = []
    for (const { call, secrets, at } of batch) entries.unshift(storedEntry(call, secrets, at))
    if (entries.length > ACTIVITY_LIMITS.entries) entries.length = ACTIVITY_LIMITS.entries
  }

  return {
    record(call: CallRecord, secrets: SecretValues): void {
      waiting.push({ call, secrets, at: Date.now() })
      // A burst that never yields to the event loop still holds at most one log's worth.
      if (waiting.length >= ACTIVITY_LIMITS.entries) settle()
      else if (!scheduled) {
        scheduled = true
        setImmediate(settle)
      }
    },
    list(): ActivityEntry[] {
      settle()
      return [...entries]
    },
    clear(): number {
      settle()
      const count = entries.length
      entries.length = 0
      return count
    },
  }
}
export type ActivityLog = ReturnType<typeof createActivityLog>
