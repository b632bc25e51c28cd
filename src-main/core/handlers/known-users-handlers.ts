import type { CoreContext } from '../wiring/core-context'
import type { Handlers } from '../wiring/dispatcher'
import type { KnownUsers } from '../known-users/known-users'

export function knownUsersHandlers(
  context: CoreContext,
  knownUsers: KnownUsers,
): Pick<
  Handlers,
  'users:find' | 'users:knownSettings' | 'users:setKnownSettings' | 'users:forgetKnown'
> {
  return {
    // The active environment's list: a token found there opens on the environment it came from.
    'users:find': async ({ text }) =>
      knownUsers.find((await context.environments.active()).id, text),
    'users:knownSettings': () => knownUsers.settings(),
    'users:setKnownSettings': (settings) => knownUsers.setSettings(settings),
    'users:forgetKnown': async () => ({ forgotten: await knownUsers.forgetAll() }),
  }
}
