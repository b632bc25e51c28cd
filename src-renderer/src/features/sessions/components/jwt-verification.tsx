import { ErrorAlert, Notice } from '../../../components/ui/error-alert'
import { errorShape } from '../../../lib/api'
import { useJwtVerification } from '../api/authenticate'

/** What the environment's published keys say of the token: the same check as `jwt verify`. */
export function JwtVerification({ jwt }: { jwt: string }) {
  const verification = useJwtVerification(jwt)
  if (verification.isPending)
    return (
      <p className="loading" role="status">
        Checking the signature against the environment&apos;s keys…
      </p>
    )
  if (verification.isError)
    return (
      <ErrorAlert error={errorShape(verification.error)} title="Could not check the signature" />
    )
  const result = verification.data
  if (result.verified)
    return (
      <Notice tone="success">
        Verified with key <code className="breakable">{result.kid ?? '(no kid)'}</code> (
        {result.algorithm}), published at <code className="breakable">{result.jwksUrl}</code>.
      </Notice>
    )
  return (
    <Notice tone="warning">
      {result.reason === 'no-keys' ? '' : 'Not verified: '}
      {result.message}
    </Notice>
  )
}
