import { Trans, useLingui } from '@lingui/react/macro'
import type { EnvironmentView, TlsFileView } from '@shared/environments'
import type { Definition } from '../../../components/ui/definition-list'
import { CLIENT_CERTIFICATE_MODE_LABELS, PROXY_MODE_LABELS } from '../labels'
import { CertificateExpiry } from './certificate-list'
import { FileName } from './file-name'

/**
 * A file in one line: its name (an imported CA, whom it names), then its first certificate (whom
 * it names, until when) and the start of its fingerprint.
 */
function FileLine({ file }: { file: TlsFileView }) {
  const [first] = file.certificates
  return (
    <>
      <FileName file={file} />
      {file.problem ? (
        <span className="certificate-expired">
          {' '}
          <Trans>(cannot be read now: edit to see why)</Trans>
        </span>
      ) : null}
      {first ? (
        <span className="hint">
          {' '}
          {file.imported ? null : (
            <>
              <code translate="no">{first.subject}</code> ·{' '}
            </>
          )}
          <CertificateExpiry certificate={first} />
        </span>
      ) : null}
    </>
  )
}

/**
 * How an environment's calls reach its service, for its card: the proxy always, the trust and
 * the client certificate only when set (most environments use neither).
 */
export function useNetworkDefinitions(environment: EnvironmentView): Definition[] {
  const { t, i18n } = useLingui()
  const { proxy, tls } = environment
  const username = proxy.mode === 'url' ? proxy.username : null
  const items: Definition[] = [
    {
      term: t`Proxy`,
      value:
        proxy.mode === 'url' ? (
          <>
            <code translate="no">{proxy.url}</code>
            {username === null ? null : (
              <span className="hint">
                {' '}
                <Trans>
                  as <code translate="no">{username}</code>
                </Trans>
              </span>
            )}
          </>
        ) : (
          i18n._(PROXY_MODE_LABELS[proxy.mode])
        ),
    },
  ]
  if (tls.caFile)
    items.push({
      term: tls.caOnly ? t`Trusts only` : t`Also trusts`,
      value: <FileLine file={tls.caFile} />,
    })
  if (tls.clientCertificate) {
    // The certificate (PEM) or the PKCS#12 file: the key file beside it adds nothing to read.
    const [main] = tls.clientCertificate.files
    items.push({
      term: t`Client certificate`,
      value: main ? (
        <FileLine file={main} />
      ) : (
        i18n._(CLIENT_CERTIFICATE_MODE_LABELS[tls.clientCertificate.format])
      ),
    })
  }
  return items
}
