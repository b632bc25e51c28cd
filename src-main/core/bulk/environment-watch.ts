import { isDeepStrictEqual } from 'node:util'
import type { EnvironmentProfile } from '../../../src-shared/environments'
import type { CoreContext } from '../wiring/core-context'
import { overridden } from '../network/network-override'

/**
 * Whether the environment a run writes to is still the one it was started on: the route its
 * client was built for and the kind its write was confirmed for. A run keeps its client, so a
 * change it did not stop for would send the rows left with the old keys down the old route, or
 * to production without the confirmation production asks for.
 */
export interface EnvironmentWatch {
  /** Whether its profile or secrets changed since the watch began; cheap while nothing did. */
  changed(): Promise<boolean>
  /** Called once, when a change is seen without being asked (a write, another face's save). */
  onChanged(listener: () => void): void
  close(): void
}

/** A profile as compared: its values, whatever the order of its keys or an absent field. */
const plain = (profile: EnvironmentProfile): unknown => JSON.parse(JSON.stringify(profile))

/**
 * Watches `started`, the profile a run's client was just built from, from then on: a change
 * made while the run is being launched (a production confirmation waits for the user) is seen
 * at its first row. Every change of the profile counts, not only the route's: the run's client
 * follows none of them. So does each write of one of its secrets in this process, as it begins
 * (set again to the same value too: the vault cannot know the value it replaces without reading
 * it). The profile is compared as this process reads it now, which another face's save reaches
 * through the settings file's watch.
 */
export function watchEnvironment(
  context: Pick<CoreContext, 'vault' | 'environments' | 'networkOverride'>,
  started: EnvironmentProfile,
): EnvironmentWatch {
  const pinned = plain(started)
  /** The stored profile last found the same: asked again, the settings give the same object. */
  let lastSame: EnvironmentProfile | undefined
  let seen = false
  let listener: (() => void) | undefined

  function see(): true {
    if (!seen) {
      seen = true
      listener?.()
    }
    return true
  }

  async function changed(): Promise<boolean> {
    if (seen) return true
    const stored = await context.environments.profile(started.id).catch(() => null)
    // Gone, or unreadable: nothing says it is still the environment the run was started on.
    if (stored === null) return see()
    if (stored === lastSame) return seen
    if (!isDeepStrictEqual(plain(overridden(stored, context.networkOverride)), pinned)) return see()
    lastSame = stored
    return seen
  }

  const stopSecrets = context.vault.onChange((environmentId) => {
    if (environmentId === started.id) see()
  })
  const stopProfiles = context.environments.onChange(() => void changed())

  return {
    changed,
    onChanged(called) {
      listener = called
      if (seen) called()
    },
    close() {
      stopSecrets()
      stopProfiles()
    },
  }
}
