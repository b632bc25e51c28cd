import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Fragment, type ReactNode } from 'react'
import type { AppErrorShape } from '@shared/ipc'
import { useSaySaid } from '../../i18n/translate-message'

const TITLES: Partial<Record<AppErrorShape['code'], MessageDescriptor>> = {
  VALIDATION: msg`Invalid input`,
  UNAUTHORIZED: msg`Credentials refused`,
  FORBIDDEN: msg`Not allowed`,
  NOT_FOUND: msg`Not found`,
  CONFLICT: msg`Already exists`,
  RATE_LIMITED: msg`Rate limited`,
  TIMEOUT: msg`No answer in time`,
  NETWORK: msg`Service unreachable`,
  SERVER: msg`Service error`,
  UNEXPECTED_RESPONSE: msg`Unexpected answer`,
  KEYCHAIN_UNAVAILABLE: msg`Keychain unavailable`,
  SECRET_MISSING: msg`Credentials not set`,
  SETTINGS_UNREADABLE: msg`Settings cannot be saved`,
  OUTCOME_UNKNOWN: msg`Outcome unknown`,
  CONFIRMATION_REQUIRED: msg`Confirmation needed`,
}

/**
 * A failure, announced to screen readers, titled by what kind of failure it is. `explanation`:
 * the screen's own sentence after the error's message (what this failure means there).
 */
export function ErrorAlert({
  error,
  title,
  explanation,
}: {
  error: AppErrorShape
  title?: string
  explanation?: ReactNode
}) {
  const { i18n } = useLingui()
  const say = useSaySaid()
  const fields = Object.entries(error.fieldErrors ?? {})
  const codeTitle = TITLES[error.code]
  return (
    <div className="alert alert-error" role="alert">
      <strong className="alert-title">
        {title ?? (codeTitle ? i18n._(codeTitle) : <Trans>Something went wrong</Trans>)}
        {error.status ? (
          <span className="alert-status" translate="no">
            {' '}
            · HTTP {error.status}
          </span>
        ) : null}
      </strong>
      <p>
        {say(error.said)}
        {explanation ? <> {explanation}</> : null}
      </p>
      {fields.length > 0 ? (
        <ul className="alert-fields">
          {fields.map(([field, messages]) => (
            <li key={field}>
              <code translate="no">{field}</code>:{' '}
              {messages.map((message, index) => (
                <Fragment key={index}>
                  {index > 0 ? '; ' : null}
                  {say(message)}
                </Fragment>
              ))}
            </li>
          ))}
        </ul>
      ) : null}
      {error.detail ? (
        <p className="alert-detail" lang="en">
          {error.detail}
        </p>
      ) : null}
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
