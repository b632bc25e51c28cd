import { basename } from 'node:path'
import type { CallNetwork } from '../../../src-shared/activity'
import type { EnvironmentProfile } from '../../../src-shared/environments'

/**
 * What an environment's calls use beyond this computer's defaults, as its activity entries name
 * it (files by name alone); null when they use nothing more.
 */
export function callNetworkOf(
  profile: EnvironmentProfile,
  passphrase: boolean,
): CallNetwork | null {
  const proxyUser = profile.proxy.mode === 'url' ? profile.proxy.username : null
  const { caFile, caOnly, clientCertificate } = profile.tls
  if (proxyUser === null && caFile === null && clientCertificate === null) return null
  return {
    proxyUser,
    caFile: caFile === null ? null : basename(caFile),
    caOnly,
    clientCertificate:
      clientCertificate === null
        ? null
        : clientCertificate.format === 'pem'
          ? {
              certFile: basename(clientCertificate.certFile),
              keyFile: basename(clientCertificate.keyFile),
            }
          : { pkcs12File: basename(clientCertificate.file) },
    passphrase: passphrase && clientCertificate !== null,
    platform: PLATFORMS[process.platform] ?? 'other',
  }
}

const PLATFORMS: Partial<Record<NodeJS.Platform, CallNetwork['platform']>> = {
  linux: 'linux',
  darwin: 'mac',
  win32: 'windows',
}
