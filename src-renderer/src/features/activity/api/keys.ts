import { ACTIVITY_KEY } from '../../../lib/query-keys'

/** The log has one query; its root is shared because every call adds to it (query-client.ts). */
export const activityKeys = {
  log: () => ACTIVITY_KEY,
}
