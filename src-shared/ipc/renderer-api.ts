import { CHANNELS, isEventName, splitChannel, type Channel, type EventName } from './channels'
import type { ChannelInput, ChannelOutput } from './contract'
import type { EventPayload } from './events'
import type { Result } from './result'

type Group<C extends string> = C extends `${infer G}:${string}` ? G : never
type MethodOf<C extends string, G extends string> = C extends `${G}:${infer M}` ? M : never

type Subscribe = <E extends EventName>(
  event: E,
  listener: (payload: EventPayload<E>) => void,
) => () => void

/**
 * The API the page sees: `api.users.create(input)`, one method per channel, and
 * `api.on(event, listener)` for what main pushes, which returns its unsubscribe.
 */
export type RendererApi = {
  [G in Group<Channel>]: {
    [C in Channel as MethodOf<C, G>]: undefined extends ChannelInput<C>
      ? () => Promise<Result<ChannelOutput<C>>>
      : (input: ChannelInput<C>) => Promise<Result<ChannelOutput<C>>>
  }
} & { on: Subscribe }

/**
 * Builds the API object from the channel list with one loop; `call` is the transport and
 * `listen` the event delivery. The Electron preload, the browser shell's page bridge and typed
 * core clients in tests all use this one. Only the contract's event names can be listened to.
 */
export function buildRendererApi(
  call: (channel: Channel, input: unknown) => Promise<unknown>,
  listen: (event: EventName, listener: (payload: unknown) => void) => () => void,
): RendererApi {
  const api: Record<string, unknown> = {}
  for (const channel of CHANNELS) {
    const [group, method] = splitChannel(channel)
    const methods = (api[group] ??= {}) as Record<string, (input?: unknown) => Promise<unknown>>
    methods[method] = (input?: unknown) => call(channel, input)
  }
  api.on = (event: string, listener: (payload: unknown) => void) => {
    if (!isEventName(event)) throw new Error(`There is no event named ${event}.`)
    if (typeof listener !== 'function') throw new Error('An event listener must be a function.')
    return listen(event, listener)
  }
  return api as unknown as RendererApi
}
