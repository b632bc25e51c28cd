import { useLingui } from '@lingui/react/macro'
import type { AuthenticateResult } from '@shared/ipc'
import { CopyButton } from '../../../components/ui/copy-button'
import { DefinitionList } from '../../../components/ui/definition-list'
import { GroupedValue } from '../../../components/ui/grouped-value'
import { Card } from '../../../components/ui/page'
import { Countdown } from './countdown'
import { decode, DecodedJwt } from './decoded-jwt'

function Copyable({ value, label }: { value: string; label: string }) {
  return (
    <span className="copyable">
      <GroupedValue value={value} every={label === 'JWT' ? 16 : 8} />
      <CopyButton value={value} label={label} />
    </span>
  )
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
        <DecodedJwt jwt={session.jwt} />
      </Card>
    </>
  )
}
