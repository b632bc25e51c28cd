import type { AppEvent, Face, FileChoiceRequest } from '../../src-shared/ipc'
import { createActivityLog } from './activity/activity-log'
import { createBulkService, type BulkService } from './bulk/bulk-service'
import { createCoreContext } from './wiring/core-context'
import { createDispatcher, type Dispatch } from './wiring/dispatcher'
import { createEmbeddedSandbox } from './sandbox/embedded-sandbox'
import { createEnvironments } from './settings/environments'
import { appHandlers } from './handlers/app-handlers'
import { bulkHandlers } from './handlers/bulk-handlers'
import { environmentHandlers } from './handlers/environment-handlers'
import { environmentTransferHandlers } from './handlers/environment-transfer-handlers'
import { knownUsersHandlers } from './handlers/known-users-handlers'
import { createKnownUsers } from './known-users/known-users'
import { fileHandlers } from './handlers/file-handlers'
import { createFileGrants } from './files/file-grants'
import type { SaveLimits } from './files/typed-save-budget'
import { createUploads } from './files/uploads'
import { sessionHandlers } from './handlers/session-handlers'
import { userHandlers } from './handlers/user-handlers'
import type { ExchangeOptions } from './client/retried-call'
import type { SystemProxyOfUrl } from './network/route'
import type { NetworkOverride } from './network/network-override'
import { createPreferencesStore } from './settings/preferences-store'
import { securePrivateFolder } from './storage/private-data-folder'
import { createSettingsStore } from './settings/settings-store'
import { keyringBackend } from './keychain/keyring-backend'
import { createVault, type SecretBackend } from './keychain/vault'
import type { ConfirmWrite } from './client/write-confirmation'

export interface CoreOptions {
  /** The app's data folder: settings and the embedded sandbox's database live here. */
  dataDirectory: string
  version: string
  /** The face this core serves; the page shows it in its top bar. */
  face: Face
  /** The keychain service name; tests use a throwaway one. */
  keychainService?: string
  secretBackend?: SecretBackend
  keychainTimeoutMs?: number
  exchangeOptions?: ExchangeOptions
  log?: (line: string) => void
  /** The face's own confirmation of a production write, which the page cannot forge (window). */
  confirmWrite?: ConfirmWrite
  /** The face's own file dialog (the Electron window has one; the browser shell does not). */
  chooseFile?: (request: FileChoiceRequest) => Promise<string | null>
  /**
   * The proxy this computer's system settings give a URL (the window's session: PAC, WPAD, the
   * OS's own); without it, System mode reads the HTTPS_PROXY family of variables.
   */
  systemProxyOfUrl?: SystemProxyOfUrl
  /** Network settings for this process over every environment's (the command line's --proxy). */
  networkOverride?: NetworkOverride
  /** What the browser shell saves to typed paths in one run; tests make it small. */
  typedSaveLimits?: SaveLimits
}

export interface Core {
  dispatch: Dispatch
  /** Bulk runs, for faces that drive them directly (the command line, tests). */
  bulk: BulkService
  /** Every event for the page (bulk progress ...); returns the unsubscribe. */
  subscribe: (listener: (event: AppEvent) => void) => () => void
  /** Calls go to this environment in this process only (the command line's --env). */
  pinEnvironment(id: string): Promise<void>
  /**
   * Settles once the data folder has been made private at start (or that failed, and was logged).
   * `dispose` waits for it too, so no change of its modes outlives the core.
   */
  ready: Promise<void>
  /** Starts what may start in the background (the embedded sandbox); never awaited at launch. */
  warmUp(): void
  dispose(): Promise<void>
}

/** Settles once the data folder is private, or making it so failed and was logged. */
function madePrivate({ dataDirectory, log = console.error }: CoreOptions): Promise<void> {
  return securePrivateFolder(dataDirectory).catch((error: unknown) =>
    log(
      `core: the data folder could not be made private (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    ),
  )
}

/** The main process without Electron: everything a channel needs, wired once. */
export function createCore(options: CoreOptions): Core {
  const backend =
    options.secretBackend ?? keyringBackend(options.keychainService ?? 'integrator-console')
  const vault = createVault({ backend, timeoutMs: options.keychainTimeoutMs ?? 5000 })
  // Before anything is written there; a folder that cannot be changed is still used, and said.
  const ready = madePrivate(options)
  const sandbox = createEmbeddedSandbox(options.dataDirectory, vault)
  const knownUsers = createKnownUsers(options.dataDirectory, { log: options.log })
  const environments = createEnvironments(
    createSettingsStore(options.dataDirectory),
    vault,
    sandbox,
  )
  const context = createCoreContext({
    version: options.version,
    face: options.face,
    vault,
    environments,
    sandbox,
    activity: createActivityLog(),
    confirmWrite: options.confirmWrite,
    systemProxyOfUrl: options.systemProxyOfUrl,
    networkOverride: options.networkOverride,
    knownUsers,
    ...(options.exchangeOptions ? { exchangeOptions: options.exchangeOptions } : {}),
  })
  const grants = createFileGrants({
    dataDirectory: options.dataDirectory,
    ...(options.typedSaveLimits ? { typedSaveLimits: options.typedSaveLimits } : {}),
  })
  const uploads = createUploads(grants)
  const bulk = createBulkService(context, options.dataDirectory, options.exchangeOptions?.sleep)
  const dispatch = createDispatcher(
    {
      ...appHandlers(context, createPreferencesStore(options.dataDirectory)),
      ...bulkHandlers(bulk, grants),
      ...fileHandlers(options.face, grants, options.chooseFile, uploads),
      ...environmentHandlers(context, grants, knownUsers),
      ...environmentTransferHandlers(context, grants, options.dataDirectory),
      ...userHandlers(context),
      ...knownUsersHandlers(context, knownUsers),
      ...sessionHandlers(context),
    },
    options.log,
  )
  return {
    dispatch,
    bulk,
    subscribe(listener) {
      const stops = [
        bulk.subscribe((payload) => listener({ name: 'bulk:progress', payload })),
        environments.onChange(() => listener({ name: 'environments:changed', payload: {} })),
      ]
      return () => {
        for (const stop of stops) stop()
      }
    },
    async pinEnvironment(id) {
      await environments.pin(id)
    },
    ready,
    warmUp() {
      sandbox.ensureStarted().catch(() => undefined)
    },
    // A run under way is cancelled first: its ledger records the stop, an export leaves no file.
    dispose: async () => {
      await ready
      environments.dispose()
      await bulk.stop()
      await sandbox.stop()
      await uploads.dispose()
      context.dispose()
      await knownUsers.settle()
      await vault.settle()
    },
  }
}
