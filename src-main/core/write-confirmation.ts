import type { EnvironmentProfile } from '../../src-shared/environments'
import { sharedText } from '../../src-shared/messages'
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
    sharedText(confirmEnvironment === undefined ? 'confirmationNeeded' : 'confirmationMismatch', {
      environment: profile.name,
    }),
  )
}
