import type { SharedMessageKey } from '../../../src-shared/messages'

/** The failures of the keychain, each with what the user can do about it on this OS. */
export function keychainMessages(
  platform: NodeJS.Platform,
): Record<'timeout' | 'unusable', SharedMessageKey> {
  if (platform === 'darwin')
    return { timeout: 'keychainTimeoutMac', unusable: 'keychainUnusableMac' }
  if (platform === 'win32')
    return { timeout: 'keychainTimeoutWindows', unusable: 'keychainUnusableWindows' }
  return { timeout: 'keychainTimeoutLinux', unusable: 'keychainUnusableLinux' }
}
