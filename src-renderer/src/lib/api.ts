import type { AppErrorShape, RendererApi, Result } from '@shared/ipc'
import { basicSaid } from '@shared/messages/basic-messages'

declare global {
  interface Window {
    /** Exposed by the preload (or, in end-to-end tests, by the test bridge). */
    integratorConsole?: RendererApi
  }
}

/**
 * Thrown before any language is active (the preferences are read through the bridge too), so
 * its words are looked up only when an alert shows it: see errorShape.
 */
class BridgeMissingError extends Error {
  override name = 'BridgeMissingError'
}

export function api(): RendererApi {
  if (!window.integratorConsole) throw new BridgeMissingError()
  return window.integratorConsole
}

/** A failed call, carrying the main process's error as it crossed IPC. */
export class ApiError extends Error {
  constructor(readonly shape: AppErrorShape) {
    super(shape.said.text)
    this.name = 'ApiError'
  }
}

/** TanStack Query wants thrown errors; IPC gives values. */
export async function unwrap<T>(call: Promise<Result<T>>): Promise<T> {
  const result = await call
  if (!result.ok) throw new ApiError(result.error)
  return result.data
}

/** The failure as an alert shows it; called while rendering, once the page's language is set. */
export function errorShape(error: unknown): AppErrorShape {
  if (error instanceof ApiError) return error.shape
  if (error instanceof BridgeMissingError)
    return { code: 'INTERNAL', said: basicSaid('bridgeMissing') }
  return {
    code: 'INTERNAL',
    said: basicSaid('asWritten', { text: error instanceof Error ? error.message : String(error) }),
  }
}
