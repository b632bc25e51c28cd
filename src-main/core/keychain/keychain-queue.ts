import { said } from '../../../src-shared/messages'
import { AppError } from '../errors/app-error'
import { keychainMessages } from './keychain-messages'

/**
 * What a backend throws, without waiting, while an earlier call it gave up on is still inside
 * the keyring: told as that call's timeout was.
 */
export class KeychainNotAnswering extends Error {
  constructor() {
    super('The keychain has not answered an earlier call yet.')
  }
}

/**
 * Keychain calls one at a time: the Secret Service answers "no result found" to a lookup that
 * races a write of the same item. Each call gives up at its deadline, which counts from when it
 * was asked, its wait in line included: calls asked together (listing environments asks each
 * one's secrets at once) all give up within the timeout, instead of one timeout each in turn.
 */
export function keychainQueue(timeoutMs: number, platform: NodeJS.Platform) {
  const messages = keychainMessages(platform)
  const timedOut = () =>
    new AppError('KEYCHAIN_UNAVAILABLE', said(messages.timeout, { seconds: timeoutMs / 1000 }))
  let queue: Promise<unknown> = Promise.resolve()

  async function timed<T>(
    turn: Promise<unknown>,
    operation: (signal: AbortSignal) => Promise<T>,
    deadline: number,
  ): Promise<T> {
    const controller = new AbortController()
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => {
          controller.abort()
          reject(timedOut())
        },
        Math.max(0, deadline - performance.now()),
      )
    })
    const answer = turn.then(() => {
      controller.signal.throwIfAborted()
      return operation(controller.signal)
    })
    try {
      return await Promise.race([answer, timeout])
    } catch (error) {
      if (error instanceof AppError) throw error
      if (error instanceof KeychainNotAnswering) throw timedOut()
      throw new AppError('KEYCHAIN_UNAVAILABLE', said(messages.unusable), {
        detail: error instanceof Error ? error.message : String(error),
      })
    } finally {
      clearTimeout(timer)
    }
  }

  return {
    /** When a call asked now gives up. */
    deadline: () => performance.now() + timeoutMs,
    /** The operation in its turn; a given deadline lets several calls share one. */
    guarded: <T>(operation: (signal: AbortSignal) => Promise<T>, deadline?: number): Promise<T> => {
      const run = timed(queue, operation, deadline ?? performance.now() + timeoutMs)
      // The next call's turn comes once this one has ended or given up, and the one before it
      // has too (a call given up while waiting does not let the next pass the one under way).
      queue = Promise.allSettled([queue, run])
      return run
    },
    /** Once every call asked so far has ended or given up. */
    settle: (): Promise<void> => queue.then(() => undefined),
  }
}
