import {
  LOCAL_SANDBOX_ID,
  type EnvironmentProfile,
  type EnvironmentView,
} from '../../../src-shared/environments'
import type { EnvironmentList } from '../../../src-shared/ipc'
import { said, type Said } from '../../../src-shared/messages'
import { boundSecretStatus } from '../keychain/bound-secrets'
import type { Vault } from '../keychain/vault'
import { tlsViewOf } from '../network/tls-material'
import type { EmbeddedSandbox } from '../sandbox/embedded-sandbox'
import type { LoadedSettings } from './settings-store'

/** A profile as the page sees it: whether each secret is set (null: unknown), never its value. */
export async function environmentView(
  vault: Vault,
  environment: EnvironmentProfile,
): Promise<EnvironmentView> {
  const secrets = await boundSecretStatus(vault, environment).catch(() => null)
  return {
    ...environment,
    tls: await tlsViewOf(environment.tls),
    builtIn: environment.id === LOCAL_SANDBOX_ID,
    secrets,
  }
}

/** Every profile's view, the built-in first, with what the user should know about them all. */
export async function environmentList(
  vault: Vault,
  sandbox: EmbeddedSandbox,
  { settings, notices }: LoadedSettings,
  builtIn: EnvironmentProfile,
  /** Whether this computer's certificate store gave nothing (see tls-material.ts). */
  trustNotice: Said | null,
): Promise<EnvironmentList> {
  const environments = await Promise.all(
    [builtIn, ...settings.environments].map((environment) => environmentView(vault, environment)),
  )
  const keychainNotice =
    sandbox.withoutKeychain() !== null
      ? [said('sandboxWithoutKeychain')]
      : environments.some((e) => e.secrets === null)
        ? [said('secretsUnknown')]
        : []
  const trust = trustNotice === null ? [] : [trustNotice]
  return {
    environments,
    activeId: settings.activeId,
    notices: [...notices, ...keychainNotice, ...trust],
  }
}
