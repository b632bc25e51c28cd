import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * A bulk run that stops (a cancel, Ctrl+C, a failure every row would meet) lets the calls that
 * have reached the service finish, and gives up those still waiting for their connection: behind
 * a proxy that never answers, that wait lasts the whole deadline. The exchange is reached through
 * the service client, whose calls take no signal, so the row's work runs inside this scope.
 */
const withdrawals = new AsyncLocalStorage<AbortSignal>()

/** Runs `work` with every call it makes given up, while nothing of it was sent, once `signal` aborts. */
export function withdrawnOn<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  return withdrawals.run(signal, work)
}

/** The signal that withdraws the calls made here, if any. */
export function withdrawal(): AbortSignal | undefined {
  return withdrawals.getStore()
}

/** The cause of a call given up before its connection was made: nothing of it was sent. */
export class Withdrawn extends Error {
  constructor() {
    super('withdrawn before its connection was made')
  }
}
