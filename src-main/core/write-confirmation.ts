import type { EnvironmentProfile } from '../../src-shared/environments'
import { AppError } from './app-error'

/**
 * A write to a production environment needs that environment's name as its confirmation. The
 * window's dialog asks for it, but the rule lives here so that no face (a page that skips the
 * dialog, a script) can write to production unasked.
 */
export function assertWriteConfirmed(
  profile: EnvironmentProfile,
  confirmEnvironment: string | undefined,
): void {
  if (profile.kind !== 'production' || confirmEnvironment === profile.name) return
  throw new AppError(
    'CONFIRMATION_REQUIRED',
    confirmEnvironment === undefined
      ? `"${profile.name}" is a production environment: a write must be confirmed with its name.`
      : `The confirmation does not match: a write to "${profile.name}" (production) must be confirmed with exactly its name.`,
  )
}
