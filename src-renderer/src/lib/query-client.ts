import { MutationCache, QueryClient } from '@tanstack/react-query'
import { ACTIVITY_KEY } from './query-keys'

export const queryClient: QueryClient = new QueryClient({
  // Every call lands in the main process's activity log, so the Activity screen goes stale.
  mutationCache: new MutationCache({
    onSettled: () => queryClient.invalidateQueries({ queryKey: ACTIVITY_KEY }),
  }),
  defaultOptions: {
    // Retries belong to the main process, which knows which calls are safe to repeat.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 5_000 },
    mutations: { retry: false },
  },
})
