import { CHANNELS, splitChannel, type Channel } from './channels'
import type { ChannelInput, ChannelOutput } from './contract'
import type { Result } from './result'

type Group<C extends string> = C extends `${infer G}:${string}` ? G : never
type MethodOf<C extends string, G extends string> = C extends `${G}:${infer M}` ? M : never

/** The API the page sees: `api.users.create(input)`, one method per channel. */
export type RendererApi = {
  [G in Group<Channel>]: {
    [C in Channel as MethodOf<C, G>]: undefined extends ChannelInput<C>
      ? () => Promise<Result<ChannelOutput<C>>>
      : (input: ChannelInput<C>) => Promise<Result<ChannelOutput<C>>>
  }
}

/**
 * Builds the API object from the channel list with one loop; `call` is the transport. The Electron
 * preload, the browser shell's page bridge and typed core clients in tests all use this one.
 */
export function buildRendererApi(
  call: (channel: Channel, input: unknown) => Promise<unknown>,
): RendererApi {
  const api: Record<string, Record<string, (input?: unknown) => Promise<unknown>>> = {}
  for (const channel of CHANNELS) {
    const [group, method] = splitChannel(channel)
    api[group] ??= {}
    api[group][method] = (input?: unknown) => call(channel, input)
  }
  return api as unknown as RendererApi
}
