import { Trans } from '@lingui/react/macro'
import { useState } from 'react'
import { Button } from '../components/ui/button'
import { Notice } from '../components/ui/error-alert'
import { useAppInfo } from '../lib/app-info'

/**
 * Said once per session where no keychain can be used: the Local sandbox still works (its
 * credentials are made for this run), and only environments with secrets of their own need one.
 */
export function KeychainNotice() {
  const info = useAppInfo()
  const [dismissed, setDismissed] = useState(false)
  if (dismissed || info.data?.keychain.available !== false) return null
  return (
    <div className="shell-notice">
      <Notice tone="warning">
        <p>
          <Trans>
            No keychain can be used on this computer. The Local sandbox works with credentials made
            for this session only; other environments need a keychain to keep theirs.
          </Trans>
        </p>
        <Button onClick={() => setDismissed(true)}>
          <Trans>Got it</Trans>
        </Button>
      </Notice>
    </div>
  )
}
