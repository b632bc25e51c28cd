import { matchQuery, type QueryClient } from '@tanstack/react-query'
import { appKeys } from '../../../lib/query-keys'
import { environmentKeys } from './keys'

/** What every environment shares: their list, and what the user prefers (language, theme). */
const SHARED = [environmentKeys.list(), appKeys.preferences()]

/**
 * Drops every cached answer but those the environments share: each environment has its own data.
 * Reset, not removed: a screen showing a query keeps its observer, which a removed query would
 * leave waiting forever if its fetch was under way (it is cancelled); a reset one is fetched
 * again. The preferences stay, or the chosen theme would give way to the system's until re-read.
 */
export function forgetOtherEnvironment(queryClient: QueryClient): Promise<void> {
  return queryClient.resetQueries({
    predicate: (query) => !SHARED.some((queryKey) => matchQuery({ queryKey }, query)),
  })
}
