import { resolve } from 'node:path'
import { proxySettingSchema, type ProxySettingInput } from '../../src-shared/environments'
import type { Said } from '../../src-shared/messages'
import { issueSaid } from '../core/errors/app-error'
import type { NetworkOverride } from '../core/network/network-override'

/** A --proxy value: a mode by name, or a proxy's URL (checked by the shared rule, as the window's). */
export function proxyOption(value: string): ProxySettingInput {
  return value === 'system' || value === 'none' ? { mode: value } : { mode: 'url', url: value }
}

/**
 * What --proxy and --ca-file change for this one command, or the rule a --proxy breaks. A CA
 * file named here is read by the core when the command's first call needs it, as a saved one is.
 */
export function networkOverride(options: {
  proxy?: string
  caFile?: string
}): { override: NetworkOverride | undefined } | { problem: Said } {
  if (options.proxy === undefined && options.caFile === undefined) return { override: undefined }
  const override: NetworkOverride = {}
  if (options.proxy !== undefined) {
    const parsed = proxySettingSchema.safeParse(proxyOption(options.proxy))
    if (!parsed.success) return { problem: issueSaid(parsed.error.issues[0]?.message ?? '') }
    override.proxy = parsed.data
  }
  if (options.caFile !== undefined) override.caFile = resolve(options.caFile)
  return { override }
}
