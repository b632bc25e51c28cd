import { useEffect, useState } from 'react'

function format(seconds: number): string {
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = seconds % 60
  return [h > 0 ? `${h} h` : '', `${m} min`, `${String(s).padStart(2, '0')} s`]
    .filter(Boolean)
    .join(' ')
}

/** Time left until `exp` (seconds since epoch), ticking every second. */
export function Countdown({ exp }: { exp: number }) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000)
    return () => window.clearInterval(timer)
  }, [])
  const left = Math.max(0, Math.round(exp - now / 1000))
  return (
    <span className={left === 0 ? 'countdown expired' : 'countdown'} data-testid="expiry-countdown">
      {left === 0 ? 'Expired' : `Expires in ${format(left)}`}{' '}
      <span className="muted">({new Date(exp * 1000).toLocaleString()})</span>
    </span>
  )
}
