import {
  ENVIRONMENTS_FILE_FORMAT,
  ENVIRONMENTS_FILE_VERSION,
  importPlan,
  LOCAL_SANDBOX_ID,
  sharedEnvironment,
  type SharedEnvironment,
} from '../../../src-shared/environments'
import { said } from '../../../src-shared/messages'
import { AppError } from '../errors/app-error'
import type { FileGrants } from '../files/file-grants'
import { writeWholeFile } from '../files/whole-file'
import { sharedTrustOf, trustSummaries } from '../network/shared-trust'
import type { CoreContext } from '../wiring/core-context'
import type { Handlers } from '../wiring/dispatcher'
import { importShared } from './environment-import'
import { held, readSharedFile, stored } from './shared-environments-file'

type TransferChannels = 'environments:export' | 'environments:importPlan' | 'environments:import'

/**
 * A file of environments a team shares: written with no secret and no file of this machine in
 * it, read back as a plan first, applied only as the user says (see environment-transfer.ts).
 */
export function environmentTransferHandlers(
  context: CoreContext,
  grants: FileGrants,
  dataDirectory: string,
): Pick<Handlers, TransferChannels> {
  const { environments } = context

  return {
    'environments:export': async ({ file, ids }) => {
      const all = await stored(environments)
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
      const incoming = (await readSharedFile(grants, file)).environments
      const changes = importPlan(await held(environments), incoming).map((change, index) => {
        const trust = incoming[index]?.trust
        const brings =
          change.action === 'add' || (change.action === 'update' && change.fields.includes('trust'))
        return trust && brings ? { ...change, certificates: trustSummaries(trust) } : change
      })
      return { changes }
    },

    'environments:import': async ({ file, replace }) =>
      importShared(
        context,
        dataDirectory,
        (await readSharedFile(grants, file)).environments,
        replace,
      ),
  }
}
