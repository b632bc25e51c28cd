import { readFile, stat } from 'node:fs/promises'
import {
  environmentsFileSchema,
  MAX_ENVIRONMENTS_FILE_BYTES,
  sharedEnvironment,
  type EnvironmentsFile,
} from '../../../src-shared/environments'
import { said } from '../../../src-shared/messages'
import { AppError, validationError } from '../errors/app-error'
import type { FileGrants } from '../files/file-grants'
import { checkedTrust, heldTrustOf } from '../network/shared-trust'
import type { Environments } from '../settings/environments'

/** A file of environments a team shares, read whole only when its size could be one, and checked. */
export async function readSharedFile(
  grants: FileGrants,
  handle: string,
): Promise<EnvironmentsFile> {
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

export async function caFilesInUse(environments: Environments): Promise<Set<string>> {
  const profiles = await Promise.all(
    (await stored(environments)).map((e) => environments.profile(e.id)),
  )
  return new Set(profiles.flatMap((profile) => profile.tls.caFile ?? []))
}

export async function stored(environments: Environments) {
  const { environments: all } = await environments.list()
  return all
}

/** Every environment here as this console would share it, to compare an import with. */
export async function held(environments: Environments) {
  return Promise.all(
    (await stored(environments)).map(async (environment) => {
      const profile = await environments.profile(environment.id)
      const trust = await heldTrustOf(profile.tls)
      return { ...sharedEnvironment(profile, trust), builtIn: environment.builtIn }
    }),
  )
}
