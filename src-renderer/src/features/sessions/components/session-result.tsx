import { Trans, useLingui } from '@lingui/react/macro'
import { decodeJwt, decodeProtectedHeader } from 'jose'
import type { AuthenticateResult } from '@shared/ipc'
import { CopyButton } from '../../../components/ui/copy-button'
import { DefinitionList } from '../../../components/ui/definition-list'
import { Card } from '../../../components/ui/page'
import { Countdown } from './countdown'
import { JwtVerification } from './jwt-verification'

function Copyable({ value, label }: { value: string; label: string }) {
  return (
    <span className="copyable">
      <code className="breakable" translate="no">
        {value}
      </code>
      <CopyButton value={value} label={label} />
    </span>
  )
}

function decode(jwt: string) {
  try {
    return { header: decodeProtectedHeader(jwt), claims: decodeJwt(jwt) }
  } catch {
    return null
  }
}

export function SessionResult({ session }: { session: AuthenticateResult }) {
  const { t } = useLingui()
  const decoded = decode(session.jwt)
  const scheme = session.userTokenScheme
  return (
    <>
      <Card title={t`Session`}>
        <DefinitionList
          items={[
            {
              term: 'JWT',
              literalTerm: true,
              value: <Copyable value={session.jwt} label="JWT" />,
              wide: true,
            },
            {
              term: 'userHash',
              literalTerm: true,
              value: <Copyable value={session.userHash} label="userHash" />,
            },
            {
              term: 'sessionToken',
              literalTerm: true,
              value: <Copyable value={session.sessionToken} label="sessionToken" />,
            },
            {
              term: t`userToken sent`,
              value: <Copyable value={session.userTokenSent} label="userToken" />,
              hint: session.userTokenComputed ? t`computed with ${scheme}` : t`as typed`,
            },
            {
              term: t`installationGuid sent`,
              value: <Copyable value={session.installationGuidSent} label="installationGuid" />,
            },
            {
              term: t`Expiry`,
              value:
                typeof decoded?.claims.exp === 'number' ? (
                  <Countdown key={decoded.claims.exp} exp={decoded.claims.exp} />
                ) : (
                  t`The token has no exp claim`
                ),
            },
          ]}
        />
      </Card>
      <Card title={t`Decoded JWT`}>
        {decoded ? (
          <div className="jwt-parts">
            <section aria-label={t`JWT header`}>
              <h3>
                <Trans>Header</Trans>
              </h3>
              <pre translate="no">{JSON.stringify(decoded.header, null, 2)}</pre>
            </section>
            <section aria-label={t`JWT claims`}>
              {/* "Claims" is the JWT standard's own word (RFC 7519), as the claims' names are. */}
              <h3 translate="no">Claims</h3>
              <pre translate="no">{JSON.stringify(decoded.claims, null, 2)}</pre>
            </section>
          </div>
        ) : (
          <p>
            <Trans>The jwt is not a decodable JSON Web Token.</Trans>
          </p>
        )}
        <JwtVerification jwt={session.jwt} />
      </Card>
    </>
  )
}
