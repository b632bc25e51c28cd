import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMemo } from 'react'
import type { CertificateSummary } from '@shared/environments'
import type { Said } from '@shared/messages/said'
import { useLanguage } from '../../../i18n/language-provider'

/**
 * A certificate's last day, the page's way: "Mar 3, 2027" in English, "03/03/2027" (dd/mm/aaaa)
 * in Spanish, as Spanish text writes dates. The day is what a person acts on.
 */
function useCertificateDate(): (iso: string) => string {
  const { locale } = useLanguage()
  return useMemo(() => {
    const date = new Intl.DateTimeFormat(
      locale,
      locale.startsWith('es')
        ? { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }
        : { dateStyle: 'medium', timeZone: 'UTC' },
    )
    return (iso: string) => date.format(new Date(iso))
  }, [locale])
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/

/**
 * A message of main's with the days it names (a certificate's last day, as `YYYY-MM-DD`) written
 * the page's way, like the certificates listed beside it.
 */
export function useDatedSaid(): (message: Said) => Said {
  const day = useCertificateDate()
  return (message) => ({
    ...message,
    values: Object.fromEntries(
      Object.entries(message.values).map(([name, value]) => [
        name,
        typeof value === 'string' && ISO_DAY.test(value) ? day(value) : value,
      ]),
    ),
  })
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
