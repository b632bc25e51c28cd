import { Trans, useLingui } from '@lingui/react/macro'
import { ErrorAlert, Notice } from '../../../components/ui/error-alert'
import { useSaySaid } from '../../../i18n/translate-message'
import { errorShape } from '../../../lib/api'
import { useJwtVerification } from '../api/authenticate'

/** What the environment's published keys say of the token: the same check as `jwt verify`. */
export function JwtVerification({ jwt }: { jwt: string }) {
  const { t } = useLingui()
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
  // Main words each refusal (src-main/core/jwt-verification.ts) as a shared message.
  const explanation = say(result.said)
  return (
    <Notice tone="warning">
      {result.reason === 'no-keys' ? explanation : <Trans>Not verified: {explanation}</Trans>}
    </Notice>
  )
}
