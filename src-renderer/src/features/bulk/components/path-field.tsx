import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type ReactNode } from 'react'
import type { FileChoiceRequest } from '@shared/ipc'
import { Button } from '../../../components/ui/button'
import { api, unwrap } from '../../../lib/api'
import { useAppInfo } from '../../environments/api/app-info'

/**
 * A file path, typed or (in the desktop window) picked in the OS's dialog, with the action that
 * uses it. The page never touches the file system: main reads or writes the path it is given.
 */
export function PathField({
  label,
  description,
  action,
  busy,
  initial = '',
  dialog,
  onSubmit,
}: {
  label: string
  description?: ReactNode
  action: string
  busy?: boolean
  initial?: string
  /** What the window's file dialog is asked for; the browser shell has none, so paths are typed. */
  dialog: Omit<FileChoiceRequest, 'allFilesName'>
  onSubmit: (path: string) => void
}) {
  const { t } = useLingui()
  const [path, setPath] = useState(initial)
  const id = useId()
  const hasDialog = useAppInfo().data?.face === 'electron'
  async function choose() {
    const chosen = await unwrap(api().files.choose({ ...dialog, allFilesName: t`All files` }))
    if (chosen.path !== null) setPath(chosen.path)
  }
  return (
    <form
      className="path-field"
      onSubmit={(event) => {
        event.preventDefault()
        if (path.trim() !== '') onSubmit(path.trim())
      }}
    >
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          type="text"
          value={path}
          spellCheck={false}
          translate="no"
          autoComplete="off"
          aria-describedby={description ? `${id}-description` : undefined}
          onChange={(event) => setPath(event.target.value)}
        />
        {description ? (
          <p className="field-description" id={`${id}-description`}>
            {description}
          </p>
        ) : null}
      </div>
      {hasDialog ? (
        <Button onClick={() => void choose()}>
          <Trans>Choose…</Trans>
        </Button>
      ) : null}
      <Button type="submit" busy={busy === true} disabled={path.trim() === ''}>
        {action}
      </Button>
    </form>
  )
}
