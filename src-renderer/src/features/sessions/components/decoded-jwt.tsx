import { Trans, useLingui } from '@lingui/react/macro'
import { decodeJwt, decodeProtectedHeader, type JWTPayload } from 'jose'
import { DefinitionList } from '../../../components/ui/definition-list'
import { useFormat } from '../../../i18n/format'
import { JwtVerification } from './jwt-verification'

export function decode(jwt: string) {
  try {
    return { header: decodeProtectedHeader(jwt), claims: decodeJwt(jwt) }
  } catch {
    return null
  }
}

const TIME_CLAIMS = ['iat', 'nbf', 'exp'] as const

/** What the environment's keys say of a token, then its times as dates, header and claims. */
export function DecodedJwt({ jwt }: { jwt: string }) {
  const { t } = useLingui()
  const format = useFormat()
  const decoded = decode(jwt)
  if (!decoded)
    return (
      <p>
        <Trans>The jwt is not a decodable JSON Web Token.</Trans>
      </p>
    )
  const claims: JWTPayload = decoded.claims
  const TERMS = { iat: t`Issued at`, nbf: t`Not before`, exp: t`Expires` }
  const times = TIME_CLAIMS.flatMap((claim) => {
    const value = claims[claim]
    return typeof value === 'number'
      ? [
          {
            term: `${TERMS[claim]} (${claim})`,
            value: (
              <>
                {format.dateTime(value * 1000)}{' '}
                <span className="code-hint" translate="no">
                  {value}
                </span>
              </>
            ),
          },
        ]
      : []
  })
  return (
    <>
      <JwtVerification jwt={jwt} />
      {times.length > 0 ? <DefinitionList items={times} /> : null}
      <div className="jwt-parts">
        <section aria-label={t`JWT header`}>
          <h3>
            <Trans>Header</Trans>
          </h3>
          <pre className="jwt-json" translate="no">
            {JSON.stringify(decoded.header, null, 2)}
          </pre>
        </section>
        <section aria-label={t`JWT claims`}>
          {/* "Claims" is the JWT standard's own word (RFC 7519), as the claims' names are. */}
          <h3 translate="no">Claims</h3>
          <pre className="jwt-json" translate="no">
            {JSON.stringify(claims, null, 2)}
          </pre>
        </section>
      </div>
    </>
  )
}
