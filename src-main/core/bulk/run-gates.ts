/**
 * Workers parked by a pause, until a resume (or a cancel) wakes them all; each wake makes a new
 * gate for the next pause.
 */
export function resumeGate() {
  let open: (() => void) | undefined
  let resumed = new Promise<void>((resolve) => (open = resolve))
  let parked = 0
  return {
    /** Workers waiting for a resume: taken rows that are not in flight. */
    parked: () => parked,
    whenResumed: () => resumed,
    wake(): void {
      open?.()
      resumed = new Promise<void>((resolve) => (open = resolve))
    },
    /** Parks this worker while `paused` says so. */
    async parkWhile(paused: () => boolean): Promise<void> {
      while (paused()) {
        parked += 1
        try {
          await resumed
        } finally {
          parked -= 1
        }
      }
    },
  }
}

/**
 * The service's hold on every call (a 429). Each 429 makes a new hold; a worker waits out each
 * hold it sees once, by its length, so a shortened sleep (tests) shortens the hold as well.
 */
export function serviceHold(now: () => number) {
  let hold = { until: 0, number: 0 }
  return {
    until: () => hold.until,
    /** Holds every worker back for `ms`, without shortening a hold already longer. */
    holdAll: (ms: number): void => {
      hold = { until: Math.max(hold.until, now() + ms), number: hold.number + 1 }
    },
    over: () => now() >= hold.until,
    /** Waits out each hold this worker sees, while `running` says the run goes on. */
    async waitOut(running: () => boolean, waitFor: (ms: number) => Promise<void>): Promise<void> {
      for (let seen = 0; running() && hold.number !== seen && now() < hold.until;) {
        seen = hold.number
        await waitFor(hold.until - now())
      }
    },
  }
}
