import { z } from 'zod'
import { environmentDraftSchema, environmentViewSchema, secretStatusSchema } from '../environments'
import { createUserRequestSchema, userRecordSchema } from '../service'
import {
  activityListSchema,
  appInfoSchema,
  authenticateInputSchema,
  authenticateResultSchema,
  byIdSchema,
  clearSecretInputSchema,
  connectionTestSchema,
  environmentListSchema,
  noInput,
  retrieveUserInputSchema,
  setSecretInputSchema,
  updateUserInputSchema,
  userWriteResultSchema,
} from './payloads'
import type { Result } from './result'

/**
 * Every IPC channel, with the schema of what it takes and what it answers. The preload, the main
 * process registration, the renderer client and the e2e bridge are all derived from this table:
 * adding a channel is one row here and one handler in src-main/core/handlers.
 */
export const contract = {
  'app:info': { input: noInput, output: appInfoSchema },
  'environments:list': { input: noInput, output: environmentListSchema },
  'environments:save': { input: environmentDraftSchema, output: environmentViewSchema },
  'environments:delete': { input: byIdSchema, output: byIdSchema },
  'environments:select': { input: byIdSchema, output: environmentViewSchema },
  'environments:setSecret': { input: setSecretInputSchema, output: secretStatusSchema },
  'environments:clearSecret': { input: clearSecretInputSchema, output: secretStatusSchema },
  'environments:testConnection': { input: byIdSchema, output: connectionTestSchema },
  'users:create': { input: createUserRequestSchema, output: userWriteResultSchema },
  'users:update': { input: updateUserInputSchema, output: userWriteResultSchema },
  'users:retrieve': { input: retrieveUserInputSchema, output: userRecordSchema },
  'sessions:authenticate': { input: authenticateInputSchema, output: authenticateResultSchema },
  'activity:list': { input: noInput, output: activityListSchema },
  'activity:clear': { input: noInput, output: z.object({ cleared: z.number().int() }) },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>

export type Contract = typeof contract
export type Channel = keyof Contract
export const CHANNELS = Object.keys(contract) as Channel[]

export type ChannelInput<C extends Channel> = z.input<Contract[C]['input']>
export type ParsedInput<C extends Channel> = z.output<Contract[C]['input']>
export type ChannelOutput<C extends Channel> = z.output<Contract[C]['output']>

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

export function splitChannel(channel: Channel): [group: string, method: string] {
  const [group = '', method = ''] = channel.split(':')
  return [group, method]
}

/** Builds the API object from the table with one loop; `call` is the transport. */
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
