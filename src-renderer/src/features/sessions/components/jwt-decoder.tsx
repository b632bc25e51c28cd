import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/page'
import { useIntoView } from '../../../lib/into-view'
import { DecodedJwt } from './decoded-jwt'

/**
 * Any JWT someone sent, pasted: decoded here, and its signature checked in main against the keys
 * the active environment publishes. Nothing of it is stored.
 */
export function JwtDecoder() {
  const { t } = useLingui()
  const id = useId()
  const [text, setText] = useState('')
  const [shown, setShown] = useState<string | null>(null)
  // The verdict on its signature, first of what is shown, in view below the button pressed.
  const decoded = useIntoView<HTMLDivElement>(shown)
  return (
    <Card title={t`Decode and verify a JWT`}>
      <form
        className="jwt-decoder"
        onSubmit={(event) => {
          event.preventDefault()
          setShown(text.trim() === '' ? null : text.trim())
        }}
      >
        <label htmlFor={id}>
          <Trans>JWT</Trans>
        </label>
        <textarea
          id={id}
          rows={3}
          spellCheck={false}
          translate="no"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="eyJhbGciOi…"
        />
        <div className="form-actions">
          <Button type="submit" disabled={text.trim() === ''}>
            <Trans>Decode and verify</Trans>
          </Button>
        </div>
      </form>
      {shown !== null ? (
        <div ref={decoded} className="into-view">
          <DecodedJwt key={shown} jwt={shown} />
        </div>
      ) : null}
    </Card>
  )
}
