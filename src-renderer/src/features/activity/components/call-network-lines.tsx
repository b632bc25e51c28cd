import { Trans } from '@lingui/react/macro'
import type { CallNetwork } from '@shared/activity'

/** The proxy user and the TLS files a call used, by name, under its URL. */
export function CallNetworkLines({ network }: { network: CallNetwork }) {
  const client = network.clientCertificate
  const clientFiles =
    client === null
      ? null
      : 'pkcs12File' in client
        ? client.pkcs12File
        : `${client.certFile}, ${client.keyFile}`
  return (
    <>
      {network.proxyUser === null ? null : (
        <p className="muted">
          <Trans>
            As the proxy user <code translate="no">{network.proxyUser}</code>
          </Trans>
        </p>
      )}
      {network.caFile === null ? null : (
        <p className="muted">
          {network.caOnly ? (
            <Trans>
              Trusting only <code translate="no">{network.caFile}</code>
            </Trans>
          ) : (
            <Trans>
              Also trusting <code translate="no">{network.caFile}</code>
            </Trans>
          )}
        </p>
      )}
      {clientFiles === null ? null : (
        <p className="muted">
          <Trans>
            With the client certificate <code translate="no">{clientFiles}</code>
          </Trans>
        </p>
      )}
    </>
  )
}
