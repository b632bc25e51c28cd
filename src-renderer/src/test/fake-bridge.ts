import {
  buildRendererApi,
  contract,
  type Channel,
  type ChannelInput,
  type ChannelOutput,
  type EventName,
  type EventPayload,
  type ParsedInput,
  type RendererApi,
  type Result,
} from '@shared/ipc'

type Answer<C extends Channel> = Result<ChannelOutput<C>> | Promise<Result<ChannelOutput<C>>>

/**
 * What main answers a test's page, channel by channel, given the input as main reads it (checked
 * by the contract's schema); a channel left out is a test's mistake.
 */
export type FakeAnswers = { [C in Channel]?: (input: ParsedInput<C>) => Answer<C> }

export interface FakeBridge {
  /** The object the page finds as window.integratorConsole. */
  api: RendererApi
  /** Every input the page sent on a channel, in order. */
  sent<C extends Channel>(channel: C): ChannelInput<C>[]
  /** Pushes an event to the page, as main does. */
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void
}

export function ok<T>(data: T): Result<T> {
  return { ok: true, data }
}

// Every page reads the user's preferences first: the system's language unless a test says so.
const DEFAULT_ANSWERS: FakeAnswers = {
  'preferences:get': () => ok({ language: null }),
}

/**
 * The bridge to main, answered in memory through the same generic loop the preload uses, so the
 * page calls exactly the methods it calls in the app, and each input is kept, as the page sent
 * it, for the test to read.
 */
export function fakeBridge(answers: FakeAnswers = {}): FakeBridge {
  const calls: { channel: Channel; input: unknown }[] = []
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>()
  const all: FakeAnswers = { ...DEFAULT_ANSWERS, ...answers }

  const call = (channel: Channel, input: unknown): Promise<unknown> => {
    calls.push({ channel, input })
    // The table is indexed by the channel it was called on, so the input is that channel's.
    const answer = all[channel] as ((input: unknown) => unknown) | undefined
    if (!answer) return Promise.reject(new Error(`The fake bridge has no answer for ${channel}`))
    // An input main would refuse is the page's mistake: the test fails on it.
    return Promise.resolve().then(() => answer(contract[channel].input.parse(input)))
  }
  const listen = (event: EventName, listener: (payload: unknown) => void) => {
    const set = listeners.get(event) ?? new Set()
    listeners.set(event, set.add(listener))
    return () => void set.delete(listener)
  }

  return {
    api: buildRendererApi(call, listen),
    sent: <C extends Channel>(channel: C) =>
      calls.filter((c) => c.channel === channel).map((c) => c.input as ChannelInput<C>),
    emit: (event, payload) => listeners.get(event)?.forEach((listener) => listener(payload)),
  }
}
