/**
 * The channel names alone, with no schema. The preload and the browser shell's page bridge need
 * only these: keeping zod out of them keeps the sandboxed preload small. contract.ts holds a
 * schema pair for each name and the type checker keeps the two lists equal.
 */
export const CHANNELS = [
  'app:info',
  'preferences:get',
  'preferences:set',
  'environments:list',
  'environments:save',
  'environments:delete',
  'environments:select',
  'environments:setSecret',
  'environments:clearSecret',
  'environments:testConnection',
  'environments:export',
  'environments:importPlan',
  'environments:import',
  'users:create',
  'users:update',
  'users:retrieve',
  'users:find',
  'users:knownSettings',
  'users:setKnownSettings',
  'users:forgetKnown',
  'sessions:authenticate',
  'sessions:verify',
  'activity:list',
  'activity:clear',
  'bulk:inspect',
  'bulk:dryRun',
  'bulk:rows',
  'bulk:saveInvalid',
  'bulk:start',
  'bulk:control',
  'bulk:progress',
  'bulk:current',
  'bulk:saveResults',
  'bulk:results',
  'bulk:rerun',
  'bulk:resumable',
  'bulk:resume',
  'bulk:discard',
  'files:choose',
  'files:typed',
  'files:upload',
] as const

export type Channel = (typeof CHANNELS)[number]

export function splitChannel(channel: Channel): [group: string, method: string] {
  const [group = '', method = ''] = channel.split(':')
  return [group, method]
}

/** Pushes from main to the page, each with its payload schema in events.ts. */
export const EVENTS = ['bulk:progress', 'environments:changed'] as const
export type EventName = (typeof EVENTS)[number]

export function isEventName(name: string): name is EventName {
  return (EVENTS as readonly string[]).includes(name)
}
