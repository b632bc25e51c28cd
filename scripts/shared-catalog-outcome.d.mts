// The part of shared-catalog-outcome.mjs its test calls.
export function catalogOutcome(found: {
  locale: string
  missing: readonly { id: string; source: string }[]
  errors: readonly { id: string; error: { message: string } }[]
  stale: boolean
  checkOnly: boolean
}): { write: boolean; failures: string[]; notices: string[] }
