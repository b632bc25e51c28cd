import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { Button } from './button'

/** Copies a value; says so in a live region so screen readers hear it too. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useLingui()
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  async function copy() {
    try {
      await navigator.clipboard.writeText(value)
      setState('copied')
    } catch {
      setState('failed')
    }
    window.setTimeout(() => setState('idle'), 2000)
  }
  return (
    <span className="copy">
      <Button variant="ghost" onClick={() => void copy()} aria-label={t`Copy ${label}`}>
        {state === 'copied' ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
      </Button>
      <span className="visually-hidden" role="status">
        {state === 'copied'
          ? t`${label} copied`
          : state === 'failed'
            ? t`Could not copy ${label}`
            : ''}
      </span>
    </span>
  )
}
