import type { AppErrorShape } from '@shared/ipc'

const TITLES: Partial<Record<AppErrorShape['code'], string>> = {
  VALIDATION: 'Invalid input',
  UNAUTHORIZED: 'Credentials refused',
  FORBIDDEN: 'Not allowed',
  NOT_FOUND: 'Not found',
  CONFLICT: 'Already exists',
  RATE_LIMITED: 'Rate limited',
  TIMEOUT: 'No answer in time',
  NETWORK: 'Service unreachable',
  SERVER: 'Service error',
  UNEXPECTED_RESPONSE: 'Unexpected answer',
  KEYCHAIN_UNAVAILABLE: 'Keychain unavailable',
  SECRET_MISSING: 'Credentials not set',
  SETTINGS_UNREADABLE: 'Settings cannot be saved',
  OUTCOME_UNKNOWN: 'Outcome unknown',
  CONFIRMATION_REQUIRED: 'Confirmation needed',
}

/** A failure, announced to screen readers, titled by what kind of failure it is. */
export function ErrorAlert({ error, title }: { error: AppErrorShape; title?: string }) {
  const fields = Object.entries(error.fieldErrors ?? {})
  return (
    <div className="alert alert-error" role="alert">
      <strong className="alert-title">
        {title ?? TITLES[error.code] ?? 'Something went wrong'}
        {error.status ? <span className="alert-status"> · HTTP {error.status}</span> : null}
      </strong>
      <p>{error.message}</p>
      {fields.length > 0 ? (
        <ul className="alert-fields">
          {fields.map(([field, messages]) => (
            <li key={field}>
              <code>{field}</code>: {messages.join('; ')}
            </li>
          ))}
        </ul>
      ) : null}
      {error.detail ? <p className="alert-detail">{error.detail}</p> : null}
    </div>
  )
}

export function Notice({
  children,
  tone = 'info',
}: {
  children: React.ReactNode
  tone?: 'info' | 'success' | 'warning'
}) {
  return (
    <div className={`alert alert-${tone}`} role="status">
      {children}
    </div>
  )
}
