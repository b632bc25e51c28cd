import { faultsSchema, type Faults } from '../../src-sandbox/faults'
import type { SandboxFaults } from './types'

// Apart from sandbox.ts so that the package's declarations, made file by file, never name the
// sandbox's own types: a suite's TypeScript could not find them.

/** The faults as given, each one checked; a bad one named on one line. */
export function faultsOf(faults: SandboxFaults | undefined): Faults {
  const parsed = faultsSchema.safeParse(faults ?? {})
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  throw new TypeError(`faults.${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`)
}
