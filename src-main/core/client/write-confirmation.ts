import type { EnvironmentProfile } from '../../../src-shared/environments'
import { said } from '../../../src-shared/messages'
import { AppError } from '../errors/app-error'

/** What a production write asks main's own dialog to confirm. */
export interface WriteConfirmationRequest {
  environment: string
  /** How many users the write changes: 1 for a form, the rows left for a bulk run. */
  count: number
}

/** A face's own confirmation, which the page cannot answer for; true when the user agreed. */
export type ConfirmWrite = (request: WriteConfirmationRequest) => Promise<boolean>

/**
 * A write to a production environment needs that environment's name as its confirmation. The
 * page's dialog asks for it, but the rule lives here so that no face (a page that skips the
 * dialog, a script) can write to production unasked. The typed name guards against mistakes; a
 * page running hostile script could type it too, so a face that has a dialog of its own (the
 * window) also asks there, and the write waits for the user's answer.
 */
export async function confirmWrite(
  profile: EnvironmentProfile,
  confirmEnvironment: string | undefined,
  count: number,
  ask: ConfirmWrite | undefined,
): Promise<void> {
  if (profile.kind !== 'production') return
  if (confirmEnvironment !== profile.name) {
    throw new AppError(
      'CONFIRMATION_REQUIRED',
      said(confirmEnvironment === undefined ? 'confirmationNeeded' : 'confirmationMismatch', {
        environment: profile.name,
      }),
    )
  }
  if (ask && !(await ask({ environment: profile.name, count })))
    throw new AppError(
      'CONFIRMATION_REQUIRED',
      said('confirmationDeclined', { environment: profile.name }),
    )
}
