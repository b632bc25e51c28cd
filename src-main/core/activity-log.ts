import { randomUUID } from 'node:crypto'
import type { ActivityEntry } from '../../src-shared/activity'
import { redact, type SecretValues } from './redact'

export const ACTIVITY_LIMITS = { entries: 200, bodyChars: 20_000 } as const

function clip(text: string | null): string | null {
  if (text === null || text.length <= ACTIVITY_LIMITS.bodyChars) return text
  return `${text.slice(0, ACTIVITY_LIMITS.bodyChars)}… (${text.length - ACTIVITY_LIMITS.bodyChars} more characters not kept)`
}

/**
 * Every service call, newest first, in memory only (it holds users' personal data): bounded, and
 * redacted on the way in so no secret is ever stored in it.
 */
export function createActivityLog() {
  let entries: ActivityEntry[] = []
  return {
    record(entry: Omit<ActivityEntry, 'id' | 'at'>, secrets: SecretValues): void {
      const scrub = (text: string | null) => (text === null ? null : redact(text, secrets))
      const stored: ActivityEntry = {
        ...entry,
        id: randomUUID(),
        at: new Date().toISOString(),
        url: redact(entry.url, secrets),
        requestHeaders: Object.fromEntries(
          Object.entries(entry.requestHeaders).map(([k, v]) => [k, redact(v, secrets)]),
        ),
        requestBody: clip(scrub(entry.requestBody)),
        responseBody: clip(scrub(entry.responseBody)),
        failure: scrub(entry.failure),
      }
      entries = [stored, ...entries].slice(0, ACTIVITY_LIMITS.entries)
    },
    list(): ActivityEntry[] {
      return entries
    },
    clear(): number {
      const count = entries.length
      entries = []
      return count
    },
  }
}
export type ActivityLog = ReturnType<typeof createActivityLog>
