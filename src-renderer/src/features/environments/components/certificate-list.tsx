import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMemo } from 'react'
import type { CertificateSummary } from '@shared/environments'
import { useLanguage } from '../../../i18n/language-provider'

/** A certificate's last day, the page's way ("3 mar 2027"): the day is what a person acts on. */
export function useCertificateDate(): (iso: string) => string {
  const { locale } = useLanguage()
  return useMemo(() => {
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' })
    return (iso: string) => date.format(new Date(iso))
  }, [locale])
}

/** Until when a certificate is good; an expired one says so in words, not in colour alone. */
export function CertificateExpiry({ certificate }: { certificate: CertificateSummary }) {
  const day = useCertificateDate()(certificate.validTo)
  return certificate.expired ? (
    <span className="certificate-expired">
      <strong>
        <Trans>Expired</Trans>
      </strong>{' '}
      <Trans>on {day}</Trans>
    </span>
  ) : (
    <span className="muted">
      <Trans>valid until {day}</Trans>
    </span>
  )
}

function CertificateItem({
  certificate,
  withIssuer,
}: {
  certificate: CertificateSummary
  withIssuer: boolean
}) {
  const { issuer } = certificate
  return (
    <li className="certificate">
      <code translate="no">{certificate.subject}</code>
      {withIssuer ? (
        <span className="muted">
          <Trans>
            issued by <code translate="no">{issuer}</code>
          </Trans>
        </span>
      ) : null}
      <CertificateExpiry certificate={certificate} />
    </li>
  )
}

/** A bundle may hold the whole of an OS store: the first few are shown, the rest on request. */
const SHOWN_AT_ONCE = 3

/** The certificates of a file or of a chain, each by whom it names and until when. */
export function CertificateList({
  certificates,
  label,
  withIssuer = false,
}: {
  certificates: CertificateSummary[]
  label: string
  withIssuer?: boolean
}) {
  const { t } = useLingui()
  const more = certificates.length - SHOWN_AT_ONCE
  const item = (certificate: CertificateSummary, index: number) => (
    <CertificateItem key={index} certificate={certificate} withIssuer={withIssuer} />
  )
  return (
    <>
      <ul className="certificates" aria-label={label}>
        {certificates.slice(0, SHOWN_AT_ONCE).map(item)}
      </ul>
      {more > 0 ? (
        <details className="certificates-more">
          <summary>
            {t({
              message: plural(more, {
                one: '# more certificate',
                other: '# more certificates',
              }),
            })}
          </summary>
          <ul className="certificates" aria-label={label}>
            {certificates.slice(SHOWN_AT_ONCE).map(item)}
          </ul>
        </details>
      ) : null}
    </>
  )
}
