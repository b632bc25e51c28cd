import type { SharedMessage } from './message-text'

/** Environments, their settings, the preferences and the keychain. Part of the core's messages (see core-messages.ts). */
export const ENVIRONMENT_MESSAGES = {
  // Environments and settings (environments.ts, settings-store.ts, preferences-store.ts).
  variablesStoreNothing: /*i18n*/ {
    id: 'environments.variablesStoreNothing',
    message:
      'With --credentials-from-env nothing is stored in the keychain: set the INTEGRATOR_* variables instead.',
  },
  variablesNeedEnvironment: /*i18n*/ {
    id: 'environments.variablesNeedEnvironment',
    message:
      'With --credentials-from-env, name the environment the variables are for: add --env NAME.',
  },
  variablesNeedOrigin: /*i18n*/ {
    id: 'environments.variablesNeedOrigin',
    message:
      '"{environment}" is not on this machine ({url}): with --credentials-from-env, also set INTEGRATOR_BASE_URL to its address, so that the variables go nowhere else. Nothing was sent.',
  },
  variablesForAnotherOrigin: /*i18n*/ {
    id: 'environments.variablesForAnotherOrigin',
    message:
      'The INTEGRATOR_* variables are for {origin}, but "{environment}" is at {url}. Nothing was sent.',
  },
  variablesBaseUrlInvalid: /*i18n*/ {
    id: 'environments.variablesBaseUrlInvalid',
    message: 'INTEGRATOR_BASE_URL must be an http:// or https:// address, not {url}.',
  },
  secretsDroppedWithRoute: /*i18n*/ {
    id: 'environments.secretsDroppedWithRoute',
    message:
      'The secrets of "{environment}" were set for its old address, kind, proxy or trust, so they were removed: set them again (env set-secret).',
  },
  secretsForAnotherOrigin: /*i18n*/ {
    id: 'environments.secretsForAnotherOrigin',
    message:
      'The secrets of "{environment}" were set for another address, kind, proxy or trust of the environment, so they were removed unsent. Set them again in Environments.',
  },
  environmentNotFound: /*i18n*/ {
    id: 'environments.notFound',
    message: 'There is no environment with this id.',
  },
  builtInNotExported: /*i18n*/ {
    id: 'environments.builtInNotExported',
    message:
      'The built-in Local sandbox is not exported: every console has its own, on its own address.',
  },
  environmentsFileUnreadable: /*i18n*/ {
    id: 'environments.fileUnreadable',
    message:
      'The file cannot be read as a file of environments (missing, unreadable or over 16 MiB).',
  },
  sharedCaTooLarge: /*i18n*/ {
    id: 'environments.sharedCaTooLarge',
    message:
      'The CA file of "{name}" holds {kib} KiB of certificates, more than the {max} KiB a shared environment carries: point it at your company\'s own CA certificates, not a whole bundle.',
  },
  sharedCaUnreadable: /*i18n*/ {
    id: 'environments.sharedCaUnreadable',
    message:
      'The CA certificates the file gives "{name}" cannot be read as certificates: export it again.',
  },
  environmentsFileNotJson: /*i18n*/ {
    id: 'environments.fileNotJson',
    message: 'The file is not JSON: a file of environments is the JSON an export writes.',
  },
  builtInNotEditable: /*i18n*/ {
    id: 'environments.builtInNotEditable',
    message: 'The built-in Local sandbox cannot be edited.',
  },
  builtInNotDeletable: /*i18n*/ {
    id: 'environments.builtInNotDeletable',
    message: 'The built-in Local sandbox cannot be deleted.',
  },
  environmentNameTaken: /*i18n*/ {
    id: 'environments.nameTaken',
    message: 'An environment named "{name}" already exists.',
  },
  environmentNameTakenField: /*i18n*/ {
    id: 'environments.nameTakenField',
    message: 'Another environment already has this name.',
  },
  runOnlySecrets: /*i18n*/ {
    id: 'environments.runOnlySecrets',
    message:
      'The Local sandbox made its credentials for this session, as no keychain can be used here: they cannot be changed.',
  },
  sandboxWithoutKeychain: /*i18n*/ {
    id: 'environments.sandboxWithoutKeychain',
    message:
      'No keychain can be used on this computer. The Local sandbox works with credentials made for this session only; other environments need a keychain to keep theirs.',
  },
  secretsUnknown: /*i18n*/ {
    id: 'environments.secretsUnknown',
    message: 'The keychain cannot be reached, so whether secrets are set is unknown.',
  },
  settingsNotJson: /*i18n*/ { id: 'settings.notJson', message: 'it is not valid JSON' },
  settingsBadFormat: /*i18n*/ {
    id: 'settings.badFormat',
    message: 'its content does not match the expected format',
  },
  settingsNotMovedAside: /*i18n*/ {
    id: 'settings.notMovedAside',
    message:
      'The settings file {path} cannot be read ({reason}) nor moved aside ({error}). Fix or remove it, then restart.',
  },
  settingsSetAside: /*i18n*/ {
    id: 'settings.setAside',
    message:
      'The settings file could not be read ({reason}). It was kept as {path}; the console started with the built-in Local sandbox only.',
  },
  settingsUnreadable: /*i18n*/ {
    id: 'settings.unreadable',
    message:
      'The settings file {path} cannot be read ({error}); changes to environments cannot be saved until it can.',
  },
  settingsNewerVersion: /*i18n*/ {
    id: 'settings.newerVersion',
    message:
      'The settings file was written by a newer version of the console (schema {version}); it is left untouched and changes cannot be saved.',
  },
  settingsBusy: /*i18n*/ {
    id: 'settings.busy',
    message:
      'Another window or command of the console is changing the environments right now: try again in a moment.',
  },
  preferencesNotSaved: /*i18n*/ {
    id: 'settings.preferencesNotSaved',
    message: 'The preferences could not be saved in {folder}: {error}',
  },

  // The keychain (vault.ts): each failure with its platform's advice.
  keychainTimeoutMac: /*i18n*/ {
    id: 'keychain.timeoutMac',
    message:
      'The keychain did not answer within {seconds} s (it may be locked). Unlock the login keychain in Keychain Access, then try again.',
  },
  keychainTimeoutWindows: /*i18n*/ {
    id: 'keychain.timeoutWindows',
    message:
      'The keychain did not answer within {seconds} s (it may be locked). Check that Windows Credential Manager is available, then try again.',
  },
  keychainTimeoutLinux: /*i18n*/ {
    id: 'keychain.timeoutLinux',
    message:
      'The keychain did not answer within {seconds} s (it may be locked). Start and unlock a Secret Service keyring (GNOME Keyring or KWallet) in your desktop session, then try again. Credentials are never stored in plain text instead.',
  },
  keychainUnusableMac: /*i18n*/ {
    id: 'keychain.unusableMac',
    message:
      'The keychain cannot be used. Unlock the login keychain in Keychain Access, then try again.',
  },
  keychainUnusableWindows: /*i18n*/ {
    id: 'keychain.unusableWindows',
    message:
      'The keychain cannot be used. Check that Windows Credential Manager is available, then try again.',
  },
  keychainUnusableLinux: /*i18n*/ {
    id: 'keychain.unusableLinux',
    message:
      'The keychain cannot be used. Start and unlock a Secret Service keyring (GNOME Keyring or KWallet) in your desktop session, then try again. Credentials are never stored in plain text instead.',
  },
} as const satisfies Record<string, SharedMessage>
