import * as z from 'zod'

/** Fault injection for testing clients; every rate is a probability per API request. */
export const faultsSchema = z.object({
  /** Added before every API answer. */
  latencyMs: z.number().int().min(0).default(0),
  /** Answer 503 instead of handling the request. */
  errorRate: z.number().min(0).max(1).default(0),
  /** Answer 429 with Retry-After instead of handling the request. */
  rateLimitRate: z.number().min(0).max(1).default(0),
  retryAfterSeconds: z.number().int().min(0).default(1),
  /**
   * Let this many API requests through (counted from when the faults were set), then answer
   * every further one 429: a client held at a known point of its work, however fast it runs.
   */
  rateLimitAfter: z.number().int().min(0).nullable().default(null),
  /**
   * Keep every API request waiting, unanswered, until `setFaults({ hold: false })`: a client
   * held before its first answer, for as long as its test needs. No variable sets it: the
   * command line's sandbox could never be released.
   */
  hold: z.boolean().default(false),
  /** Handle the request, then cut the connection without an answer (outcome unknown to the client). */
  dropRate: z.number().min(0).max(1).default(0),
  /** Handle the request, then answer 504 as a gateway that gave up would (the write happened). */
  lateErrorRate: z.number().min(0).max(1).default(0),
  /**
   * What the JWKS address publishes: the key tokens are signed with, nothing (a service that
   * publishes no keys), or another key only (tokens issued before a key rotation).
   */
  jwks: z.enum(['current', 'none', 'rotated']).default('current'),
})
export type Faults = z.output<typeof faultsSchema>
export const NO_FAULTS: Faults = faultsSchema.parse({})

export type FaultDecision = 'rate-limit' | 'error' | 'drop' | 'late-error' | 'none'

/** `letThrough`: the API requests not rate limited since the faults were set. */
export function decideFault(
  faults: Faults,
  random: () => number,
  letThrough: number,
): FaultDecision {
  if (faults.rateLimitAfter !== null && letThrough >= faults.rateLimitAfter) return 'rate-limit'
  if (faults.rateLimitRate > 0 && random() < faults.rateLimitRate) return 'rate-limit'
  if (faults.errorRate > 0 && random() < faults.errorRate) return 'error'
  if (faults.dropRate > 0 && random() < faults.dropRate) return 'drop'
  if (faults.lateErrorRate > 0 && random() < faults.lateErrorRate) return 'late-error'
  return 'none'
}
