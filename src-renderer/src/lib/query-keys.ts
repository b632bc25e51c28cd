/**
 * Query keys more than one part of the page touches. Features never import each other, so a bulk
 * run that changed users marks them to be read again through the users' root here, not through
 * the users feature; every call lands in the activity log, so the query client marks the log
 * stale through its root. Each feature builds its own keys from these in its api/keys.ts.
 */
export const USERS_KEY = ['users'] as const
export const ACTIVITY_KEY = ['activity'] as const

/** What the page's shell and the shared layers read: what the app is, what the user prefers. */
export const appKeys = {
  info: () => ['app-info'] as const,
  preferences: () => ['preferences'] as const,
}
