import type { ActivityEntry } from '@shared/activity'
import { readableUrl } from './readable-url'

export const OUTCOME_FILTERS = ['all', 'passed', 'failed'] as const
export type OutcomeFilter = (typeof OUTCOME_FILTERS)[number]

export interface ActivityFilter {
  /** Words that must all appear in the call's method, URL, status or operation, in any case. */
  text: string
  outcome: OutcomeFilter
}

export const NO_FILTER: ActivityFilter = { text: '', outcome: 'all' }

/**
 * Whether the call got the answer it asked for: a 2xx, or the status a probe looks for (a
 * connection test's 404). Anything else failed: refused by the service, or no answer at all.
 */
export function callPassed(entry: ActivityEntry): boolean {
  return entry.status !== null && (entry.status < 300 || entry.status === entry.expectedStatus)
}

/** The call's words as its line shows them, in the page's language: its operation and status. */
export interface ShownWords {
  operation: string
  status: string
}

export function matchesFilter(
  entry: ActivityEntry,
  filter: ActivityFilter,
  shown: ShownWords,
): boolean {
  if (filter.outcome !== 'all' && callPassed(entry) !== (filter.outcome === 'passed')) return false
  const words = filter.text.toLocaleLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return true
  // The URL both as read and as sent: a token is found as typed or as it went on the wire.
  const haystack = [entry.method, readableUrl(entry.url), entry.url, shown.status, shown.operation]
    .join('\n')
    .toLocaleLowerCase()
  return words.every((word) => haystack.includes(word))
}

export function isFiltering(filter: ActivityFilter): boolean {
  return filter.text.trim() !== '' || filter.outcome !== 'all'
}
