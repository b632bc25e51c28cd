import { transportProblem, type EnvironmentProfile } from '../../../src-shared/environments'
import { said } from '../../../src-shared/messages'
import { AppError, issueSaid } from '../errors/app-error'

/**
 * Refuses, before any secret is read, a profile whose address breaks the transport rules: one
 * stored before those rules existed is kept, but nothing is sent to it until its URL is fixed.
 */
export function refuseUnusable(profile: EnvironmentProfile): void {
  const problem = transportProblem(profile.kind, profile.baseUrl)
  if (problem === null) return
  throw new AppError(
    'VALIDATION',
    said('environmentUnusable', { environment: profile.name, problem: issueSaid(problem) }),
    { fieldErrors: { baseUrl: [issueSaid(problem)] } },
  )
}
