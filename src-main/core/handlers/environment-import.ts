import {
  DEFAULT_TLS,
  environmentDraftSchema,
  importPlan,
  type EnvironmentProfile,
  type SecretName,
  type SecretStatus,
  type SharedEnvironment,
} from '../../../src-shared/environments'
import { validationError } from '../errors/app-error'
import { boundSecretStatus } from '../keychain/bound-secrets'
import { pruneSharedCas, tlsOfSharedTrust } from '../network/shared-trust'
import type { CoreContext } from '../wiring/core-context'
import { caFilesInUse, held, stored } from './shared-environments-file'

/** The secrets an imported environment needs before its calls can be made. */
function secretsNeeded(profile: EnvironmentProfile, status: SecretStatus): SecretName[] {
  const wanted: SecretName[] = ['apiKey', 'secretKey']
  if (profile.userTokenScheme === 'hmac-sha256-hex') wanted.push('userTokenSecret')
  if (profile.proxy.mode === 'url' && profile.proxy.username !== null) wanted.push('proxyPassword')
  return wanted.filter((name) => !status[name])
}

/**
 * Applies a file of environments as the user said: each added, and each updated that they chose
 * to replace, saved as the Environments screen saves it; what secrets each then needs is said.
 */
export async function importShared(
  context: CoreContext,
  dataDirectory: string,
  incoming: SharedEnvironment[],
  replace: readonly string[],
) {
  const { environments, vault } = context
  const all = await held(environments)
  const current = await stored(environments)
  const replacing = new Set(replace.map((name) => name.toLowerCase()))
  const plan = importPlan(all, incoming).map((change, index) => ({
    ...change,
    environment: incoming[index],
    existing: current.find((e) => e.name.toLowerCase() === change.name.toLowerCase()),
    done:
      change.action === 'add' ||
      (change.action === 'update' && replacing.has(change.name.toLowerCase())),
  }))
  // Every environment to write is checked as the Environments screen checks a save (a
  // production URL over http is refused) before any is written: all of them, or none.
  for (const { environment, done } of plan) {
    const checked = environmentDraftSchema.safeParse({ ...environment, trust: undefined })
    if (done && !checked.success) throw validationError(checked.error)
  }
  const touched: EnvironmentProfile[] = []
  for (const { environment, existing, done, fields: changed } of plan) {
    if (!done || environment === undefined) continue
    // The same save as the screen's: a new route (origin, kind, proxy, CAs) drops the old
    // secrets. An updated environment keeps its own client certificate, and its own CAs
    // where the file says nothing of them. Other CAs to trust could let whoever holds them
    // read the calls, keys and all (a file a page made, a colleague's mistake): the keys
    // are set again, knowingly, even where the same CAs come back under another choice.
    const { trust, ...fields } = environment
    const before = existing ? (await environments.profile(existing.id)).tls : DEFAULT_TLS
    const tls = trust === undefined ? before : await tlsOfSharedTrust(trust, dataDirectory, before)
    const saved = await environments.save(
      { ...fields, ...(existing ? { id: existing.id } : {}), tls },
      { newFiles: changed.includes('trust') },
    )
    touched.push(await environments.profile(saved.id))
  }
  await pruneSharedCas(dataDirectory, await caFilesInUse(environments))
  const changes = plan.map(({ name, action, fields, done }) => ({ name, action, fields, done }))
  const secretsToSet = await Promise.all(
    touched.map(async (profile) => ({
      id: profile.id,
      name: profile.name,
      secrets: secretsNeeded(profile, await boundSecretStatus(vault, profile)),
    })),
  )
  return { changes, secretsToSet }
}
