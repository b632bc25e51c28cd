import { SANDBOX_MESSAGES } from '../src-shared/messages/sandbox-messages'
import { decideFault, NO_FAULTS, type FaultDecision, type Faults } from './faults'
import { problem, type ProblemError } from './problem'

/**
 * The faults a running sandbox injects into the service's calls, changed while it runs: the
 * hold every call waits out, the latency, and each call's decision.
 */
export function createFaultInjection(initial: Partial<Faults> | undefined, random: () => number) {
  let faults: Faults = { ...NO_FAULTS, ...initial }
  let letThrough = 0
  // One promise for every request waiting out a hold, settled when the hold is lifted.
  let hold: { lifted: Promise<void>; lift: () => void } | undefined
  function held(): Promise<void> {
    if (!hold) {
      let lift = () => {}
      const lifted = new Promise<void>((resolve) => (lift = resolve))
      hold = { lifted, lift }
    }
    return hold.lifted
  }
  function liftHold(): void {
    hold?.lift()
    hold = undefined
  }

  return {
    current: (): Faults => faults,
    set(next: Partial<Faults>): void {
      faults = { ...faults, ...next }
      letThrough = 0
      if (!faults.hold) liftHold()
    },
    /** Returns once no hold is on. */
    async waitOutHold(): Promise<void> {
      while (faults.hold) await held()
    },
    async delay(): Promise<void> {
      if (faults.latencyMs > 0) await new Promise((r) => setTimeout(r, faults.latencyMs))
    },
    /** This call's fault; every call not rate limited counts toward `rateLimitAfter`. */
    decide(): FaultDecision {
      const fault = decideFault(faults, random, letThrough)
      if (fault !== 'rate-limit') letThrough += 1
      return fault
    },
    /** Held requests end now: none waits for a hold any more. */
    releaseAll(): void {
      faults = { ...faults, hold: false }
      liftHold()
    },
  }
}
export type FaultInjection = ReturnType<typeof createFaultInjection>

/** The answer a fault decided before the call is made stands for it, if it does. */
export function faultBeforeCall(fault: FaultDecision, faults: Faults): ProblemError | undefined {
  if (fault === 'rate-limit') {
    const error = problem(
      429,
      'rate-limited',
      'Too many requests',
      SANDBOX_MESSAGES.slowDown.message,
    )
    error.headers['retry-after'] = String(faults.retryAfterSeconds)
    return error
  }
  if (fault === 'error')
    return problem(
      503,
      'unavailable',
      'Service unavailable',
      SANDBOX_MESSAGES.injectedUnavailable.message,
    )
  return undefined
}

/** The answer a late error gives once the call is made. */
export const lateError = (): ProblemError =>
  problem(504, 'gateway-timeout', 'Gateway timeout', SANDBOX_MESSAGES.injectedLost.message)
