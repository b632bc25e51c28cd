import { matchQuery, type QueryClient } from '@tanstack/react-query'
import { environmentKeys } from './keys'

/**
 * Drops every cached answer but the environment list: each environment has its own data. Reset,
 * not removed: a screen showing a query keeps its observer, which a removed query would leave
 * waiting forever if its fetch was under way (it is cancelled); a reset one is fetched again.
 */
export function forgetOtherEnvironment(queryClient: QueryClient): Promise<void> {
  return queryClient.resetQueries({
    predicate: (query) => !matchQuery({ queryKey: environmentKeys.list() }, query),
  })
}
