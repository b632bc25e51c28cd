import { LOCAL_SANDBOX_ID, type SecretStatus } from '../../../src-shared/environments'
import type { Handlers } from '../wiring/dispatcher'
import { boundSecretStatus, setBoundSecret } from '../keychain/bound-secrets'
import type { CoreContext } from '../wiring/core-context'
import type { FileGrants } from '../files/file-grants'
import { createKeptUploadSweeper } from '../files/kept-upload-sweeper'
import type { KnownUsers } from '../known-users/known-users'
import { testConnection } from './connection-test'
import { tlsOfDraft } from '../network/tls-draft'

type EnvironmentChannels =
  | 'environments:list'
  | 'environments:save'
  | 'environments:delete'
  | 'environments:select'
  | 'environments:setSecret'
  | 'environments:clearSecret'
  | 'environments:testConnection'

export function environmentHandlers(
  context: CoreContext,
  grants: FileGrants,
  knownUsers?: KnownUsers,
): Pick<Handlers, EnvironmentChannels> {
  const { environments, vault } = context
  const keptUploads = createKeptUploadSweeper(environments, grants)
  // Copies a console before this one kept, or one that stopped mid-save, go at start.
  keptUploads.after(() => Promise.resolve()).catch(() => undefined)
  const statusOf = async (id: string): Promise<SecretStatus> =>
    boundSecretStatus(vault, await environments.profile(id))
  return {
    'environments:list': () => environments.list(),
    // A copy of an uploaded file is kept only once a save that names it is stored.
    'environments:save': ({ tls, ...draft }) =>
      keptUploads.after(async () => {
        const before =
          draft.id === undefined || draft.id === LOCAL_SANDBOX_ID
            ? undefined
            : (await environments.profile(draft.id)).tls
        const chosen = await tlsOfDraft(tls, before, grants)
        const saved = await environments.save(
          { ...draft, tls: chosen.tls },
          { newFiles: chosen.handles.length > 0 },
        )
        // A file chosen for an environment serves that save alone: a page cannot put it elsewhere.
        grants.spend(chosen.handles)
        return saved
      }),
    'environments:delete': ({ id }) =>
      keptUploads.after(async () => {
        await environments.remove(id)
        await knownUsers?.forgetEnvironment(id)
        return { id }
      }),
    'environments:select': async ({ id }) => environments.view(await environments.select(id)),
    'environments:setSecret': async ({ id, name, value }) => {
      await setBoundSecret(vault, await environments.profile(id), name, value)
      return statusOf(id)
    },
    'environments:clearSecret': async ({ id, name }) => {
      await environments.profile(id)
      await vault.clear(id, name)
      return statusOf(id)
    },
    'environments:testConnection': ({ id }) => testConnection(context, id),
  }
}
