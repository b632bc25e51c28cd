import {
  contract,
  type Channel,
  type ChannelOutput,
  type ParsedInput,
  type Result,
} from '../../../src-shared/ipc'
import { said } from '../../../src-shared/messages'
import { AppError, validationError } from '../errors/app-error'
import { wasParsedWith } from './parsed-values'

export type Handlers = {
  [C in Channel]: (input: ParsedInput<C>) => Promise<ChannelOutput<C>>
}

function isChannel(name: string): name is Channel {
  return Object.hasOwn(contract, name)
}

/**
 * Runs a channel's handler between two checks: the input against the contract before, the output
 * after. Every failure becomes a Result value with a closed code and no stack or secret in it.
 */
export function createDispatcher(handlers: Handlers, log: (line: string) => void = console.error) {
  return async function dispatch(channelName: string, rawInput: unknown): Promise<Result<unknown>> {
    if (!isChannel(channelName)) {
      return { ok: false, error: { code: 'INTERNAL', said: said('unknownChannel') } }
    }
    const channel: Channel = channelName
    const schema = contract[channel]
    const input = schema.input.safeParse(rawInput)
    if (!input.success) return { ok: false, error: validationError(input.error).toShape() }
    try {
      const handler = handlers[channel] as (input: unknown) => Promise<unknown>
      const answer = await handler(input.data)
      const output = wasParsedWith(answer, schema.output)
        ? { success: true as const, data: answer }
        : schema.output.safeParse(answer)
      if (!output.success) {
        log(`ipc: ${channel} produced an answer that breaks the contract`)
        return {
          ok: false,
          error: {
            code: 'UNEXPECTED_RESPONSE',
            said: said('answerBreaksContract'),
          },
        }
      }
      return { ok: true, data: output.data }
    } catch (error) {
      if (error instanceof AppError) return { ok: false, error: error.toShape() }
      // Only the error's kind is logged: its message could quote a secret or personal data.
      log(`ipc: ${channel} failed with ${error instanceof Error ? error.name : typeof error}`)
      return {
        ok: false,
        error: { code: 'INTERNAL', said: said('internalFailure') },
      }
    }
  }
}
export type Dispatch = ReturnType<typeof createDispatcher>
