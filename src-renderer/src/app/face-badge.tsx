import { Trans, useLingui } from '@lingui/react/macro'
import { useAppInfo } from '../lib/app-info'

/** Says so when the console runs in the browser shell instead of the Electron window. */
export function FaceBadge() {
  const { t } = useLingui()
  const info = useAppInfo()
  if (info.data?.face !== 'browser-shell') return null
  return (
    <span
      className="badge badge-muted face-badge"
      title={t`The same console and core as the desktop window, opened in your browser`}
    >
      <Trans>Browser shell</Trans>
    </span>
  )
}
