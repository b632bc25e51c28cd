import type { AppErrorShape, RendererApi, Result } from '@shared/ipc'

declare global {
  interface Window {
    /** Exposed by the preload (or, in end-to-end tests, by the test bridge). */
    integratorConsole?: RendererApi
  }
}

export function api(): RendererApi {
  if (!window.integratorConsole) {
    throw new Error('The console bridge is missing: open the page through the app.')
  }
  return window.integratorConsole
}

/** A failed call, carrying the main process's error as it crossed IPC. */
export class ApiError extends Error {
  constructor(readonly shape: AppErrorShape) {
    super(shape.message)
    this.name = 'ApiError'
  }
}

/** TanStack Query wants thrown errors; IPC gives values. */
export async function unwrap<T>(call: Promise<Result<T>>): Promise<T> {
  const result = await call
  if (!result.ok) throw new ApiError(result.error)
  return result.data
}

export function errorShape(error: unknown): AppErrorShape {
  if (error instanceof ApiError) return error.shape
  return { code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) }
}
