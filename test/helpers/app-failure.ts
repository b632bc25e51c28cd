import { AppError } from '../../src-main/core/errors/app-error'

/** The AppError a call fails with; the test fails if it succeeds or throws something else. */
export async function failureOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`)
  return error
}
