import type { EnvironmentProfile } from '../../../src-shared/environments'

/**
 * Network settings given for one process (the command line's --proxy and --ca-file), over what
 * each profile says: the proxy replaces the profile's; the CA file is trusted beside the
 * profile's own authorities (see secureContextFor).
 */
export interface NetworkOverride {
  proxy?: EnvironmentProfile['proxy']
  caFile?: string
}

/** The profile as this process uses it: with the proxy it was given, if any. */
export function overridden(profile: EnvironmentProfile, override: NetworkOverride | undefined) {
  return override?.proxy === undefined ? profile : { ...profile, proxy: override.proxy }
}
