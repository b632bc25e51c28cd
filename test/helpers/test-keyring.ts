import { randomUUID } from 'node:crypto'
import { describe } from 'vitest'

/**
 * True inside scripts/with-test-keyring.sh (a throwaway GNOME Keyring on a private D-Bus session).
 * Anywhere else keychain tests are skipped: they must never touch a person's real keychain.
 */
const testKeyringAvailable = process.env.INTEGRATOR_CONSOLE_TEST_KEYRING === '1'

export const describeWithTestKeyring = testKeyringAvailable ? describe : describe.skip

export function throwawayKeychainService(): string {
  return `integrator-console-test-${randomUUID()}`
}
