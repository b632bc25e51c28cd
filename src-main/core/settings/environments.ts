import {
  LOCAL_SANDBOX_ID,
  type EnvironmentProfile,
  type EnvironmentView,
} from '../../../src-shared/environments'
import type { EnvironmentList } from '../../../src-shared/ipc'
import { said, type Said } from '../../../src-shared/messages'
import { AppError } from '../errors/app-error'
import type { Vault } from '../keychain/vault'
import { systemStoreNotice } from '../network/tls-material'
import type { EmbeddedSandbox } from '../sandbox/embedded-sandbox'
import { environmentList, environmentView } from './environment-views'
import { builtInProfile, removeProfile, saveProfile, type ProfileFields } from './profile-changes'
import { settingsCache } from './settings-cache'
import type { Settings, SettingsStore } from './settings-store'

function storedOrBuiltIn(
  settings: Settings,
  id: string,
  builtIn: () => EnvironmentProfile,
): EnvironmentProfile {
  if (id === LOCAL_SANDBOX_ID) return builtIn()
  const found = settings.environments.find((e) => e.id === id)
  if (!found) throw new AppError('NOT_FOUND', said('environmentNotFound'))
  return found
}

/**
 * The environments every face shares: the stored profiles (settings-cache.ts), the built-in
 * sandbox's, the active one, and saving, removing and choosing them (profile-save.ts).
 */
export function createEnvironments(store: SettingsStore, vault: Vault, sandbox: EmbeddedSandbox) {
  const cache = settingsCache(store)
  /** Said once per process: whether this computer's certificate store gave nothing. */
  let trustNotice: Said | null | undefined
  /** This process's environment when it is not the stored active one (a command's --env). */
  let pinnedId: string | undefined
  const builtIn = () => builtInProfile(sandbox.baseUrl())

  const profileIn = (settings: Settings, id: string) => storedOrBuiltIn(settings, id, builtIn)

  const profile = async (id: string) => profileIn((await cache.current()).settings, id)
  const view = (environment: EnvironmentProfile) => environmentView(vault, environment)

  return {
    profile,
    view,

    async active(): Promise<EnvironmentProfile> {
      const { settings } = await cache.current()
      return profileIn(settings, pinnedId ?? settings.activeId)
    },

    /** Uses this environment in this process only; the stored active one is left as it is. */
    async pin(id: string): Promise<EnvironmentProfile> {
      const chosen = await profile(id)
      pinnedId = id
      return chosen
    },

    /**
     * The active profile without waiting, once the settings have been read (undefined before):
     * a call's hot path checks its cached client against it with no turn of the event loop.
     */
    activeIfLoaded(): EnvironmentProfile | undefined {
      const loaded = cache.loaded()
      return loaded && profileIn(loaded.settings, pinnedId ?? loaded.settings.activeId)
    },

    /**
     * The stored profiles as on disk, with nothing looked up for them (no keychain, no sandbox);
     * null when the settings file could not be read, as it then names none.
     */
    async stored(): Promise<readonly EnvironmentProfile[] | null> {
      const { settings, notices } = await cache.current()
      return notices.some((notice) => notice.id.startsWith('settings.'))
        ? null
        : settings.environments
    },

    async list(): Promise<EnvironmentList> {
      // The built-in profile shows the embedded sandbox's real address; a failure to start it
      // is reported by app:info and by the calls that need it, not here.
      await sandbox.ensureStarted().catch(() => undefined)
      trustNotice ??= systemStoreNotice()
      return environmentList(vault, sandbox, await cache.current(), builtIn(), trustNotice)
    },

    /** Saves a profile; `newFiles`: it names TLS files chosen anew (see saveProfile). */
    save: async (draft: ProfileFields, { newFiles = false } = {}): Promise<EnvironmentView> =>
      view(
        await saveProfile({ cache, vault, profile, builtInName: builtIn().name }, draft, newFiles),
      ),

    remove: (id: string) => removeProfile({ cache, vault, profile }, id),

    async select(id: string): Promise<EnvironmentProfile> {
      await profile(id)
      const settings = await cache.commit((current) => {
        profileIn(current, id)
        return { ...current, activeId: id }
      })
      return profileIn(settings, id)
    },

    /** Called whenever the settings file changes, by this face or another; returns the stop. */
    onChange: cache.onChange,
    dispose: cache.dispose,
  }
}
export type Environments = ReturnType<typeof createEnvironments>
