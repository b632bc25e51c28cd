import type { Handlers } from '../wiring/dispatcher'
import type { CoreContext } from '../wiring/core-context'
import type { PreferencesStore } from '../settings/preferences-store'

export function appHandlers(
  context: CoreContext,
  preferences: PreferencesStore,
): Pick<
  Handlers,
  'app:info' | 'preferences:get' | 'preferences:set' | 'activity:list' | 'activity:clear'
> {
  return {
    'preferences:get': () => preferences.read(),
    'preferences:set': (change) => preferences.change(change),
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
