import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { JwtVerification as Verification } from '@shared/service'
import { ErrorAlert, Notice } from '../../../components/ui/error-alert'
import { errorShape } from '../../../lib/api'
import { useJwtVerification } from '../api/authenticate'

type Failure = Extract<Verification, { verified: false }>

/**
 * Main's explanation of each refusal (src-main/core/jwt-verification.ts), in the same English
 * words, so that the page can say it in its own language: main words it for the command line.
 */
const FAILURES: Record<Exclude<Failure['reason'], 'no-keys' | 'malformed'>, MessageDescriptor> = {
  expired: msg`The token has expired (its exp claim is in the past).`,
  'not-yet-valid': msg`The token is not valid yet (its nbf claim).`,
  'bad-signature': msg`The signature does not match: the token was changed, or signed by another key with the same id.`,
  'unknown-key': msg`None of the keys the service publishes signed this token (no key with its kid and algorithm).`,
}
/** How main words a token jose refuses to read, jose's own reason following. */
const JOSE_REFUSAL = 'The token cannot be checked: '

function useFailureText(): (failure: Failure) => string {
  const { t, i18n } = useLingui()
  return ({ reason, message, jwksUrl }) => {
    if (reason === 'no-keys') return t`Cannot verify: no JWKS at ${jwksUrl}.`
    if (reason !== 'malformed') return i18n._(FAILURES[reason])
    if (message.startsWith(JOSE_REFUSAL)) {
      // jose's reason is a library's English text, shown as it came.
      const joseReason = message.slice(JOSE_REFUSAL.length).replace(/\.$/, '')
      return t`The token cannot be checked: ${joseReason}.`
    }
    return t`This is not a JWT: three base64url parts, the first a JSON header.`
  }
}

/** What the environment's published keys say of the token: the same check as `jwt verify`. */
export function JwtVerification({ jwt }: { jwt: string }) {
  const { t } = useLingui()
  const failureText = useFailureText()
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
      <Notice tone="success">
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
      </Notice>
    )
  }
  const explanation = failureText(result)
  return (
    <Notice tone="warning">
      {result.reason === 'no-keys' ? explanation : t`Not verified: ${explanation}`}
    </Notice>
  )
}
