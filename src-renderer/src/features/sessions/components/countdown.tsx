import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { useFormat } from '../../../i18n/format'

/**
 * Time left until `exp` (seconds since epoch), ticking every second. The ticking text is not a
 * live region (a screen reader would read it every second); a hidden polite one says the time
 * left when the minute changes, and when the session expires.
 */
export function Countdown({ exp }: { exp: number }) {
  const { t } = useLingui()
  const format = useFormat()
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000)
    return () => window.clearInterval(timer)
  }, [])
  const left = Math.max(0, Math.round(exp - now / 1000))
  const minutesLeft = Math.ceil(left / 60)
  // Silent until the first minute passes: the new session itself is on screen and in focus order.
  const [firstMinutesLeft] = useState(minutesLeft)
  // A clock's reading (1:00:00, 59:59): every part but the first two digits wide.
  const two = (value: number) => format.number(value).padStart(2, format.number(0))
  const hours = Math.floor(left / 3600)
  const minutes = Math.floor((left % 3600) / 60)
  const clock =
    hours > 0
      ? `${format.number(hours)}:${two(minutes)}:${two(left % 60)}`
      : `${format.number(minutes)}:${two(left % 60)}`
  let announcement = ''
  if (left === 0) announcement = t`The session has expired.`
  else if (minutesLeft !== firstMinutesLeft) {
    const remaining = format.relative(minutesLeft * 60)
    announcement = t`The session expires ${remaining}.`
  }
  return (
    <>
      <span
        className={left === 0 ? 'countdown expired' : 'countdown'}
        data-testid="expiry-countdown"
        aria-live="off"
      >
        {left === 0 ? <Trans>Expired</Trans> : <Trans>Expires in {clock}</Trans>}{' '}
        <span className="muted">({format.dateTime(exp * 1000)})</span>
      </span>
      <span className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </span>
    </>
  )
}
