import { readFile, stat } from 'node:fs/promises'
import {
  DEFAULT_TLS,
  environmentDraftSchema,
  ENVIRONMENTS_FILE_FORMAT,
  ENVIRONMENTS_FILE_VERSION,
  environmentsFileSchema,
  importPlan,
  LOCAL_SANDBOX_ID,
  MAX_ENVIRONMENTS_FILE_BYTES,
  sharedEnvironment,
  type EnvironmentProfile,
  type EnvironmentsFile,
  type SharedEnvironment,
  type SecretName,
  type SecretStatus,
} from '../../../src-shared/environments'
import { said } from '../../../src-shared/messages'
import { AppError, validationError } from '../app-error'
import { boundSecretStatus } from '../bound-secrets'
import type { CoreContext } from '../core-context'
import type { Handlers } from '../dispatcher'
import type { FileGrants } from '../files/file-grants'
import { writeWholeFile } from '../files/whole-file'
import {
  checkedTrust,
  heldTrustOf,
  pruneSharedCas,
  sharedTrustOf,
  tlsOfSharedTrust,
  trustSummaries,
} from '../network/shared-trust'

type TransferChannels = 'environments:export' | 'environments:importPlan' | 'environments:import'

/** The secrets an imported environment needs before its calls can be made. */
function secretsNeeded(profile: EnvironmentProfile, status: SecretStatus): SecretName[] {
  const wanted: SecretName[] = ['apiKey', 'secretKey']
  if (profile.userTokenScheme === 'hmac-sha256-hex') wanted.push('userTokenSecret')
  if (profile.proxy.mode === 'url' && profile.proxy.username !== null) wanted.push('proxyPassword')
  return wanted.filter((name) => !status[name])
}

/**
 * A file of environments a team shares: written with no secret and no file of this machine in
 * it, read back as a plan first, applied only as the user says (see environment-transfer.ts).
 */
export function environmentTransferHandlers(
  context: CoreContext,
  grants: FileGrants,
  dataDirectory: string,
): Pick<Handlers, TransferChannels> {
  const { environments, vault } = context

  async function readShared(handle: string): Promise<EnvironmentsFile> {
    const path = await grants.toRead(handle, 'json')
    const unreadable = () => new AppError('VALIDATION', said('environmentsFileUnreadable'))
    // Its size first: a file far larger than any file of environments is never read whole.
    const found = await stat(path).catch(() => {
      throw unreadable()
    })
    if (!found.isFile() || found.size > MAX_ENVIRONMENTS_FILE_BYTES) throw unreadable()
    const text = await readFile(path, 'utf8').catch(() => {
      throw unreadable()
    })
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      throw new AppError('VALIDATION', said('environmentsFileNotJson'))
    }
    const parsed = environmentsFileSchema.safeParse(json)
    if (!parsed.success) throw validationError(parsed.error)
    const environments = parsed.data.environments.map((environment) =>
      environment.trust
        ? { ...environment, trust: checkedTrust(environment.name, environment.trust) }
        : environment,
    )
    return { ...parsed.data, environments }
  }

  async function caFilesInUse(): Promise<Set<string>> {
    const profiles = await Promise.all((await stored()).map((e) => environments.profile(e.id)))
    return new Set(profiles.flatMap((profile) => profile.tls.caFile ?? []))
  }

  async function stored() {
    const { environments: all } = await environments.list()
    return all
  }

  /** Every environment here as this console would share it, to compare an import with. */
  async function held() {
    return Promise.all(
      (await stored()).map(async (environment) => {
        const profile = await environments.profile(environment.id)
        const trust = await heldTrustOf(profile.tls)
        return { ...sharedEnvironment(profile, trust), builtIn: environment.builtIn }
      }),
    )
  }

  return {
    'environments:export': async ({ file, ids }) => {
      const all = await stored()
      const chosen: SharedEnvironment[] = []
      for (const id of ids) {
        const found = all.find((environment) => environment.id === id)
        if (!found) throw new AppError('NOT_FOUND', said('environmentNotFound'))
        if (found.id === LOCAL_SANDBOX_ID)
          throw new AppError('VALIDATION', said('builtInNotExported'))
        const profile = await environments.profile(id)
        chosen.push(sharedEnvironment(profile, await sharedTrustOf(profile.name, profile.tls)))
      }
      const document = {
        format: ENVIRONMENTS_FILE_FORMAT,
        version: ENVIRONMENTS_FILE_VERSION,
        environments: chosen,
      }
      const target = await grants.toWrite(file, 'json')
      await writeWholeFile(target, `${JSON.stringify(document, null, 2)}\n`)
      return { name: target.path.split(/[\\/]/).pop() ?? '', count: chosen.length }
    },

    'environments:importPlan': async ({ file }) => {
      const incoming = (await readShared(file)).environments
      const changes = importPlan(await held(), incoming).map((change, index) => {
        const trust = incoming[index]?.trust
        const brings =
          change.action === 'add' || (change.action === 'update' && change.fields.includes('trust'))
        return trust && brings ? { ...change, certificates: trustSummaries(trust) } : change
      })
      return { changes }
    },

    'environments:import': async ({ file, replace }) => {
      const incoming = (await readShared(file)).environments
      const all = await held()
      const current = await stored()
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
        const tls =
          trust === undefined ? before : await tlsOfSharedTrust(trust, dataDirectory, before)
        const saved = await environments.save(
          { ...fields, ...(existing ? { id: existing.id } : {}), tls },
          { newFiles: changed.includes('trust') },
        )
        touched.push(await environments.profile(saved.id))
      }
      await pruneSharedCas(dataDirectory, await caFilesInUse())
      const changes = plan.map(({ name, action, fields, done }) => ({ name, action, fields, done }))
      const secretsToSet = await Promise.all(
        touched.map(async (profile) => ({
          id: profile.id,
          name: profile.name,
          secrets: secretsNeeded(profile, await boundSecretStatus(vault, profile)),
        })),
      )
      return { changes, secretsToSet }
    },
  }
}
