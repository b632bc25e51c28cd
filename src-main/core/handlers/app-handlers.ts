import type { Handlers } from '../dispatcher'
import type { CoreContext } from '../core-context'

export function appHandlers(
  context: CoreContext,
): Pick<Handlers, 'app:info' | 'activity:list' | 'activity:clear'> {
  return {
    'app:info': async () => ({
      version: context.version,
      face: context.face,
      keychain: await context.keychainStatus(),
      sandbox: context.sandbox.state(),
    }),
    'activity:list': () => Promise.resolve({ entries: context.activity.list() }),
    'activity:clear': () => Promise.resolve({ cleared: context.activity.clear() }),
  }
}
