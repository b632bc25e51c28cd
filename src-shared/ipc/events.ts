import * as z from 'zod'
import { runProgressSchema } from '../bulk'
import type { EventName } from './channels'

/**
 * What main pushes to the page without being asked, by event name. The window's preload and the
 * browser shell's bridge deliver these through `api.on(name, listener)`; the command line
 * listens to the core directly.
 */
export const eventContract = {
  'bulk:progress': runProgressSchema,
  /** The environments changed on disk, maybe by another face (the command line): read them again. */
  'environments:changed': z.object({}),
} as const satisfies Record<EventName, z.ZodType>

export type EventPayload<E extends EventName> = z.output<(typeof eventContract)[E]>

/** One event as the core emits it. */
export type AppEvent = { [E in EventName]: { name: E; payload: EventPayload<E> } }[EventName]
