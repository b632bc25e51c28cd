import type { Handlers } from '../dispatcher'
import type { CoreContext } from '../core-context'

export function userHandlers(
  context: CoreContext,
): Pick<Handlers, 'users:create' | 'users:update' | 'users:retrieve'> {
  const activeClient = async () => (await context.clientFor(await context.activeId())).client
  return {
    'users:create': async (request) => (await activeClient()).create(request),
    'users:update': async ({ token, changes }) => (await activeClient()).update(token, changes),
    'users:retrieve': async ({ token }) => (await activeClient()).retrieve(token),
  }
}
