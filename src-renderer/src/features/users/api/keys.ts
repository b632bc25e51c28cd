import { USERS_KEY } from '../../../lib/query-keys'

/** The root is shared: a bulk run marks every user it may have changed to be read again. */
export const userKeys = {
  all: () => USERS_KEY,
  user: (token: string) => [...USERS_KEY, token] as const,
}
