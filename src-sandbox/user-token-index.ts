import type { UserTokenHasher } from '../src-shared/service'
import type { UserStore } from './user-store'

/**
 * userToken -> token for the hmac scheme, whose userToken is a keyed hash and cannot be looked
 * up in the database. Built on the first Authenticate (the secret may differ between runs, so it
 * is never stored) and kept current on every Create; only a reset of the sandbox forgets it whole.
 */
export function createUserTokenIndex(store: UserStore, hash: UserTokenHasher) {
  let building: Promise<Map<string, string>> | undefined

  async function build(): Promise<Map<string, string>> {
    const index = new Map<string, string>()
    for (const token of store.tokens()) index.set(await hash(token), token)
    return index
  }

  return {
    async find(userToken: string): Promise<string | undefined> {
      building ??= build()
      return (await building).get(userToken)
    },
    /** Forgets every entry: built again from the store on the next lookup. */
    reset(): void {
      building = undefined
    },
    async add(token: string): Promise<void> {
      if (!building) return
      const [index, userToken] = await Promise.all([building, hash(token)])
      index.set(userToken, token)
    },
  }
}
export type UserTokenIndex = ReturnType<typeof createUserTokenIndex>
