import { randomUUID } from 'node:crypto'
import {
  DEFAULT_TLS,
  LOCAL_SANDBOX_ID,
  MAX_RESPONSE_KIB,
  TIMEOUT_LIMITS,
  keepsSecrets,
  type EnvironmentProfile,
} from '../../../src-shared/environments'
import { said } from '../../../src-shared/messages'
import { AppError } from '../errors/app-error'
import { pinUnboundSecrets } from '../keychain/bound-secrets'
import type { Vault } from '../keychain/vault'
import type { settingsCache } from './settings-cache'
import type { Settings } from './settings-store'

export type ProfileFields = Omit<EnvironmentProfile, 'id'> & { id?: string }

/** The built-in sandbox's profile, at the address it answers on (none before it starts). */
export function builtInProfile(baseUrl: string | null): EnvironmentProfile {
  return {
    id: LOCAL_SANDBOX_ID,
    name: 'Local sandbox',
    baseUrl: baseUrl ?? 'http://127.0.0.1',
    kind: 'sandbox',
    userTokenScheme: 'hmac-sha256-hex',
    timeoutMs: TIMEOUT_LIMITS.default,
    maxResponseKiB: MAX_RESPONSE_KIB.default,
    // It runs inside the console, on this computer: no proxy of the company's can reach it.
    proxy: { mode: 'none' },
    tls: DEFAULT_TLS,
  }
}

function refuseBuiltInEdit(draft: ProfileFields): void {
  if (draft.id !== LOCAL_SANDBOX_ID) return
  const message = said('builtInNotEditable')
  throw new AppError('VALIDATION', message, { fieldErrors: { id: [message] } })
}

/**
 * The settings with a profile saved into them, and whether the save drops its secrets: judged
 * against the profile on disk under the lock, which another face may have changed. Secrets belong
 * to the route they were typed for; `newFiles` (TLS files chosen anew) changes the route even
 * where a path is the same, as the file may not be.
 */
function savedInto(
  settings: Settings,
  draft: ProfileFields,
  saved: EnvironmentProfile,
  { newFiles, builtInName }: { newFiles: boolean; builtInName: string },
): { settings: Settings; drops: boolean } {
  const clash = settings.environments.find(
    (e) => e.name.toLowerCase() === draft.name.toLowerCase() && e.id !== draft.id,
  )
  if (clash || draft.name.toLowerCase() === builtInName.toLowerCase()) {
    throw new AppError('VALIDATION', said('environmentNameTaken', { name: draft.name }), {
      fieldErrors: { name: [said('environmentNameTakenField')] },
    })
  }
  if (draft.id !== undefined && !settings.environments.some((e) => e.id === draft.id)) {
    throw new AppError('NOT_FOUND', said('environmentNotFound'))
  }
  const onDisk = settings.environments.find((e) => e.id === draft.id)
  const environments = draft.id
    ? settings.environments.map((e) => (e.id === draft.id ? saved : e))
    : [...settings.environments, saved]
  return {
    settings: { ...settings, environments },
    drops: onDisk !== undefined && (newFiles || !keepsSecrets(onDisk, saved)),
  }
}

export interface ChangeDeps {
  cache: ReturnType<typeof settingsCache>
  vault: Vault
  /** The profile of this id as last read; throws NOT_FOUND for none. */
  profile: (id: string) => Promise<EnvironmentProfile>
}

/**
 * Saves a profile, dropping its secrets whenever the save changes their route (kind, origin,
 * proxy, trust, client certificate), whichever face asks: a page cannot point a production key
 * elsewhere, nor through a proxy or a CA of its own.
 */
export async function saveProfile(
  { cache, vault, profile, builtInName }: ChangeDeps & { builtInName: string },
  draft: ProfileFields,
  newFiles: boolean,
): Promise<EnvironmentProfile> {
  refuseBuiltInEdit(draft)
  const saved: EnvironmentProfile = { ...draft, id: draft.id ?? randomUUID() }
  const before = draft.id === undefined ? undefined : await profile(draft.id)
  // Pinned first whatever the save changes: what is on disk may differ from what was read.
  if (before !== undefined) await pinUnboundSecrets(vault, before)
  const judged = { drops: false }
  await cache.commit((settings) => {
    const next = savedInto(settings, draft, saved, { newFiles, builtInName })
    judged.drops = next.drops
    return next.settings
  })
  if (judged.drops) await vault.clearAll(saved.id)
  return saved
}

/** Removes a stored profile and its secrets; the built-in sandbox becomes active if it was. */
export async function removeProfile({ cache, vault, profile }: ChangeDeps, id: string) {
  if (id === LOCAL_SANDBOX_ID) throw new AppError('VALIDATION', said('builtInNotDeletable'))
  await profile(id)
  await vault.clearAll(id)
  await cache.commit((settings) => ({
    activeId: settings.activeId === id ? LOCAL_SANDBOX_ID : settings.activeId,
    environments: settings.environments.filter((e) => e.id !== id),
  }))
}
