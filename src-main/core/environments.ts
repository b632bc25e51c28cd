import { randomUUID } from 'node:crypto'
import {
  DEFAULT_TLS,
  LOCAL_SANDBOX_ID,
  MAX_RESPONSE_KIB,
  TIMEOUT_LIMITS,
  keepsSecrets,
  type EnvironmentProfile,
  type EnvironmentView,
} from '../../src-shared/environments'
import type { EnvironmentList } from '../../src-shared/ipc'
import { said, type Said } from '../../src-shared/messages'
import { AppError } from './app-error'
import { boundSecretStatus, pinUnboundSecrets } from './bound-secrets'
import type { EmbeddedSandbox } from './embedded-sandbox'
import { systemStoreNotice, tlsViewOf } from './network/tls-material'
import type { LoadedSettings, Settings, SettingsStore } from './settings-store'
import type { Vault } from './vault'

export type ProfileFields = Omit<EnvironmentProfile, 'id'> & { id?: string }

export function createEnvironments(store: SettingsStore, vault: Vault, sandbox: EmbeddedSandbox) {
  /** The settings as last read; dropped whenever the file changes, to be read again. */
  let loaded: LoadedSettings | undefined
  /** Counts the file's changes: a read that a change overtook is not kept. */
  let changes = 0
  const listeners = new Set<() => void>()
  const stopWatching = store.watch(() => {
    changes += 1
    loaded = undefined
    for (const listener of listeners) listener()
  })
  /** Said once per process: whether this computer's certificate store gave nothing (see tls-material.ts). */
  let trustNotice: Said | null | undefined
  /** This process's environment when it is not the stored active one (a command's --env). */
  let pinnedId: string | undefined

  async function current(): Promise<LoadedSettings> {
    if (loaded) return loaded
    const at = changes
    const read = await store.load()
    if (at === changes) loaded = read
    return read
  }

  function builtIn(): EnvironmentProfile {
    return {
      id: LOCAL_SANDBOX_ID,
      name: 'Local sandbox',
      baseUrl: sandbox.baseUrl() ?? 'http://127.0.0.1',
      kind: 'sandbox',
      userTokenScheme: 'hmac-sha256-hex',
      timeoutMs: TIMEOUT_LIMITS.default,
      maxResponseKiB: MAX_RESPONSE_KIB.default,
      // It runs inside the console, on this computer: no proxy of the company's can reach it.
      proxy: { mode: 'none' },
      tls: DEFAULT_TLS,
    }
  }

  /** A change made to the settings as they are on disk, whoever wrote them last. */
  async function commit(change: (settings: Settings) => Settings): Promise<Settings> {
    const at = changes
    const written = await store.update(change)
    if (at === changes) loaded = written
    return written.settings
  }

  function profileIn(settings: Settings, id: string): EnvironmentProfile {
    if (id === LOCAL_SANDBOX_ID) return builtIn()
    const found = settings.environments.find((e) => e.id === id)
    if (!found) throw new AppError('NOT_FOUND', said('environmentNotFound'))
    return found
  }

  async function profile(id: string): Promise<EnvironmentProfile> {
    return profileIn((await current()).settings, id)
  }

  async function view(environment: EnvironmentProfile): Promise<EnvironmentView> {
    const secrets = await boundSecretStatus(vault, environment).catch(() => null)
    return {
      ...environment,
      tls: await tlsViewOf(environment.tls),
      builtIn: environment.id === LOCAL_SANDBOX_ID,
      secrets,
    }
  }

  return {
    profile,
    view,

    async active(): Promise<EnvironmentProfile> {
      const { settings } = await current()
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
      return loaded && profileIn(loaded.settings, pinnedId ?? loaded.settings.activeId)
    },

    /**
     * The stored profiles as on disk, with nothing looked up for them (no keychain, no sandbox);
     * null when the settings file could not be read, as it then names none.
     */
    async stored(): Promise<readonly EnvironmentProfile[] | null> {
      const { settings, notices } = await current()
      return notices.some((notice) => notice.id.startsWith('settings.'))
        ? null
        : settings.environments
    },

    async list(): Promise<EnvironmentList> {
      // The built-in profile shows the embedded sandbox's real address; a failure to start it
      // is reported by app:info and by the calls that need it, not here.
      await sandbox.ensureStarted().catch(() => undefined)
      const { settings, notices } = await current()
      const all = [builtIn(), ...settings.environments]
      const environments = await Promise.all(all.map(view))
      const keychainNotice =
        sandbox.withoutKeychain() !== null
          ? [said('sandboxWithoutKeychain')]
          : environments.some((e) => e.secrets === null)
            ? [said('secretsUnknown')]
            : []
      trustNotice ??= systemStoreNotice()
      const trust = trustNotice === null ? [] : [trustNotice]
      return {
        environments,
        activeId: settings.activeId,
        notices: [...notices, ...keychainNotice, ...trust],
      }
    },

    /**
     * Saves a profile. `newFiles`: the save names TLS files the user chose anew, which changes
     * the route even where a path is the same (the file may not be).
     */
    async save(draft: ProfileFields, { newFiles = false } = {}): Promise<EnvironmentView> {
      if (draft.id === LOCAL_SANDBOX_ID) {
        const message = said('builtInNotEditable')
        throw new AppError('VALIDATION', message, { fieldErrors: { id: [message] } })
      }
      const saved: EnvironmentProfile = { ...draft, id: draft.id ?? randomUUID() }
      // Secrets belong to the route they were typed for (kind, origin, proxy, trust, client
      // certificate): a save that changes any drops them, whichever face asks, so a page cannot
      // point a production key elsewhere, nor through a proxy or a CA of its own.
      const before = draft.id === undefined ? undefined : await profile(draft.id)
      // Pinned first whatever the save changes: what is on disk may differ from what was read.
      if (before !== undefined) await pinUnboundSecrets(vault, before)
      const judged = { drops: false }
      await commit((settings) => {
        const clash = settings.environments.find(
          (e) => e.name.toLowerCase() === draft.name.toLowerCase() && e.id !== draft.id,
        )
        if (clash || draft.name.toLowerCase() === builtIn().name.toLowerCase()) {
          throw new AppError('VALIDATION', said('environmentNameTaken', { name: draft.name }), {
            fieldErrors: { name: [said('environmentNameTakenField')] },
          })
        }
        if (draft.id !== undefined && !settings.environments.some((e) => e.id === draft.id)) {
          throw new AppError('NOT_FOUND', said('environmentNotFound'))
        }
        // Judged against the profile on disk under the lock, which another face may have changed.
        const onDisk = settings.environments.find((e) => e.id === draft.id)
        judged.drops = onDisk !== undefined && (newFiles || !keepsSecrets(onDisk, saved))
        const environments = draft.id
          ? settings.environments.map((e) => (e.id === draft.id ? saved : e))
          : [...settings.environments, saved]
        return { ...settings, environments }
      })
      if (judged.drops) await vault.clearAll(saved.id)
      return view(saved)
    },

    async remove(id: string): Promise<void> {
      if (id === LOCAL_SANDBOX_ID) throw new AppError('VALIDATION', said('builtInNotDeletable'))
      await profile(id)
      await vault.clearAll(id)
      await commit((settings) => ({
        activeId: settings.activeId === id ? LOCAL_SANDBOX_ID : settings.activeId,
        environments: settings.environments.filter((e) => e.id !== id),
      }))
    },

    async select(id: string): Promise<EnvironmentProfile> {
      await profile(id)
      const settings = await commit((current) => {
        profileIn(current, id)
        return { ...current, activeId: id }
      })
      return profileIn(settings, id)
    },

    /** Called whenever the settings file changes, by this face or another; returns the stop. */
    onChange(listener: () => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },

    dispose(): void {
      stopWatching()
      listeners.clear()
    },
  }
}
export type Environments = ReturnType<typeof createEnvironments>
