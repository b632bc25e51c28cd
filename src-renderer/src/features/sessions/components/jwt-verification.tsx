import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { JwtVerification as Verification } from '@shared/service'
import { ErrorAlert } from '../../../components/ui/error-alert'
import { useSaySaid } from '../../../i18n/translate-message'
import { errorShape } from '../../../lib/api'
import { useJwtVerification } from '../api/authenticate'
import '../sessions.css'

type Failure = Extract<Verification, { verified: false }>['reason']

/**
 * How grave each refusal is: a token whose signature or key does not check out must not be
 * trusted (an error); an expired or not-yet-valid one was signed right but is out of its time,
 * and one with no keys to check it against is simply unchecked (warnings).
 */
const VERDICTS: Record<Failure, { tone: 'error' | 'warning'; title: MessageDescriptor }> = {
  'bad-signature': { tone: 'error', title: msg`Signature invalid: do not trust this token` },
  'unknown-key': { tone: 'error', title: msg`Signed with a key this environment does not publish` },
  malformed: { tone: 'error', title: msg`The signature cannot be checked` },
  expired: { tone: 'warning', title: msg`Signature valid, but the token has expired` },
  'not-yet-valid': { tone: 'warning', title: msg`Signature valid, but the token is not valid yet` },
  'no-keys': { tone: 'warning', title: msg`Signature not checked` },
}

function Verdict({
  tone,
  title,
  children,
}: {
  tone: 'error' | 'warning' | 'success'
  title: string
  children: ReactNode
}) {
  return (
    <div
      className={`alert alert-${tone} jwt-verdict`}
      role={tone === 'error' ? 'alert' : 'status'}
      aria-label={title}
    >
      <strong className="alert-title">{title}</strong>
      <p>{children}</p>
    </div>
  )
}

/**
 * What the environment's published keys say of the token (the same check as `jwt verify`),
 * shown first, above what the token claims: claims are worth only what its signature is.
 */
export function JwtVerification({ jwt }: { jwt: string }) {
  const { t, i18n } = useLingui()
  const say = useSaySaid()
  const verification = useJwtVerification(jwt)
  if (verification.isPending)
    return (
      <p className="loading" role="status">
        <Trans>Checking the signature against the environment&apos;s keys…</Trans>
      </p>
    )
  if (verification.isError)
    return (
      <ErrorAlert error={errorShape(verification.error)} title={t`Could not check the signature`} />
    )
  const result = verification.data
  if (result.verified) {
    const kid = result.kid ?? t`(no kid)`
    const { algorithm, jwksUrl } = result
    return (
      <Verdict tone="success" title={t`Signature verified`}>
        <Trans>
          Verified with key{' '}
          <code className="breakable" translate="no">
            {kid}
          </code>{' '}
          ({algorithm}), published at{' '}
          <code className="breakable" translate="no">
            {jwksUrl}
          </code>
          .
        </Trans>
      </Verdict>
    )
  }
  // Main words each refusal (src-main/core/jwt/jwt-verification.ts) as a shared message.
  const verdict = VERDICTS[result.reason]
  return (
    <Verdict tone={verdict.tone} title={i18n._(verdict.title)}>
      {say(result.said)}
    </Verdict>
  )
}
