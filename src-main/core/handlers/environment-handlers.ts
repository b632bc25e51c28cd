import { LOCAL_SANDBOX_ID, type SecretStatus } from '../../../src-shared/environments'
import type { Handlers } from '../dispatcher'
import { boundSecretStatus, setBoundSecret } from '../bound-secrets'
import type { CoreContext } from '../core-context'
import type { FileGrants } from '../files/file-grants'
import { diagnoseConnection } from '../network/diagnosis/diagnose'
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
): Pick<Handlers, EnvironmentChannels> {
  const { environments, vault } = context
  const statusOf = async (id: string): Promise<SecretStatus> =>
    boundSecretStatus(vault, await environments.profile(id))
  return {
    'environments:list': () => environments.list(),
    'environments:save': async ({ tls, ...draft }) => {
      const before =
        draft.id === undefined || draft.id === LOCAL_SANDBOX_ID
          ? undefined
          : (await environments.profile(draft.id)).tls
      return environments.save({ ...draft, tls: await tlsOfDraft(tls, before, grants) })
    },
    'environments:delete': async ({ id }) => {
      await environments.remove(id)
      return { id }
    },
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
    'environments:testConnection': async ({ id }) => {
      const { client, profile, userTokenSecret, route, secureContext } = await context.clientFor(id)
      const { baseUrl, timeoutMs, tls } = profile
      const test = await diagnoseConnection({ baseUrl, timeoutMs, tls, route, secureContext }, () =>
        client.testConnection(),
      )
      // Authenticate by identifier hashes with it: a working connection is not all that is needed.
      const needsSecret = userTokenSecret === null && profile.userTokenScheme !== 'plain'
      return { ...test, missingSecrets: needsSecret ? ['userTokenSecret' as const] : [] }
    },
  }
}
