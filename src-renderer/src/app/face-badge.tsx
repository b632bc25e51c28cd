import { useAppInfo } from '../features/environments/api/app-info'

/** Says so when the console runs in the browser shell instead of the Electron window. */
export function FaceBadge() {
  const info = useAppInfo()
  if (info.data?.face !== 'browser-shell') return null
  return (
    <span
      className="badge badge-muted face-badge"
      title="The same console and core as the desktop window, opened in your browser"
    >
      Browser shell
    </span>
  )
}
