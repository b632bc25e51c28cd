import type { LoadedSettings, Settings, SettingsStore } from './settings-store'

/**
 * The settings file as last read, dropped whenever the file changes (by this face or another) to
 * be read again; a read or a write that a change overtook is not kept.
 */
export function settingsCache(store: SettingsStore) {
  let loaded: LoadedSettings | undefined
  let changes = 0
  const listeners = new Set<() => void>()
  const stopWatching = store.watch(() => {
    changes += 1
    loaded = undefined
    for (const listener of listeners) listener()
  })

  return {
    /** The settings once read, undefined before (or since the file changed). */
    loaded: (): LoadedSettings | undefined => loaded,

    async current(): Promise<LoadedSettings> {
      if (loaded) return loaded
      const at = changes
      const read = await store.load()
      if (at === changes) loaded = read
      return read
    },

    /** A change made to the settings as they are on disk, whoever wrote them last. */
    async commit(change: (settings: Settings) => Settings): Promise<Settings> {
      const at = changes
      const written = await store.update(change)
      if (at === changes) loaded = written
      return written.settings
    },

    onChange: (listener: () => void): (() => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },

    dispose: (): void => {
      stopWatching()
      listeners.clear()
    },
  }
}
