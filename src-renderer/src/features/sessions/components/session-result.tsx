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
      <code className="breakable">{value}</code>
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
  const decoded = decode(session.jwt)
  return (
    <>
      <Card title="Session">
        <DefinitionList
          items={[
            { term: 'JWT', value: <Copyable value={session.jwt} label="JWT" />, wide: true },
            { term: 'userHash', value: <Copyable value={session.userHash} label="userHash" /> },
            {
              term: 'sessionToken',
              value: <Copyable value={session.sessionToken} label="sessionToken" />,
            },
            {
              term: 'userToken sent',
              value: <Copyable value={session.userTokenSent} label="userToken" />,
              hint: session.userTokenComputed
                ? `computed with ${session.userTokenScheme}`
                : 'as typed',
            },
            {
              term: 'installationGuid sent',
              value: <Copyable value={session.installationGuidSent} label="installationGuid" />,
            },
            {
              term: 'Expiry',
              value:
                typeof decoded?.claims.exp === 'number' ? (
                  <Countdown exp={decoded.claims.exp} />
                ) : (
                  'The token has no exp claim'
                ),
            },
          ]}
        />
      </Card>
      <Card title="Decoded JWT">
        {decoded ? (
          <div className="jwt-parts">
            <section aria-label="JWT header">
              <h3>Header</h3>
              <pre>{JSON.stringify(decoded.header, null, 2)}</pre>
            </section>
            <section aria-label="JWT claims">
              <h3>Claims</h3>
              <pre>{JSON.stringify(decoded.claims, null, 2)}</pre>
            </section>
          </div>
        ) : (
          <p>The jwt is not a decodable JSON Web Token.</p>
        )}
        <JwtVerification jwt={session.jwt} />
      </Card>
    </>
  )
}
