import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useRef, useState, type ReactNode } from 'react'
import type { FileChoiceRequest, FileGrant, UploadFormat } from '@shared/ipc'
import { Button } from './ui/button'
import { ErrorAlert } from './ui/error-alert'
import { errorShape } from '../lib/api'
import { useFileChoice } from '../lib/file-choice'
import { useUploadFile } from '../lib/upload-file'

/** What the browser's chooser offers, for the files main takes as bytes (src-main/core/files/uploads.ts). */
export const ACCEPTS: Record<UploadFormat, string> = {
  csv: '.csv,.txt,text/csv,text/plain',
  json: '.json,application/json',
  pem: '.pem,.crt,.cer,.key',
  pkcs12: '.p12,.pfx',
}

/**
 * A file for the action beside it. In the desktop window the file is chosen in main's own dialog.
 * The browser shell has none: a file to read is picked in the browser's chooser or dropped here,
 * and its bytes go to main; a path may also be typed, and main checks it against its rules.
 * Either way the page holds only what main gives back: a handle for that file and use, its name.
 */
export function PathField({
  label,
  description,
  action,
  busy,
  dialog,
  onSubmit,
  onAttempt,
}: {
  label: string
  description?: ReactNode
  action: string
  busy?: boolean
  /** What the window's file dialog is asked for, and what a typed path must be. */
  dialog: Omit<FileChoiceRequest, 'allFilesName'>
  onSubmit: (file: FileGrant) => void
  /** A new attempt begins: what the last one ended with is no longer the outcome. */
  onAttempt?: () => void
}) {
  const { t } = useLingui()
  const [path, setPath] = useState('')
  const [chosen, setChosen] = useState<FileGrant | null>(null)
  const id = useId()
  const { hasDialog, choose, chooseThen, typed } = useFileChoice(dialog)
  const upload = useUploadFile()
  const picker = useRef<HTMLInputElement>(null)
  const [over, setOver] = useState(false)
  // The browser's own chooser, for a file to read: the page gets the bytes the user picked.
  const format = dialog.format === 'csv' || dialog.format === 'json' ? dialog.format : null
  const accept = format ? ACCEPTS[format] : undefined
  const browserPick = !hasDialog && dialog.purpose === 'open' && format !== null
  // Main reads a file of environments only as the user picked it, never from a typed path.
  const typeable = !hasDialog && !(dialog.purpose === 'open' && dialog.format === 'json')
  const take = (file: File | undefined) => {
    if (!file) return
    setPath('')
    if (format) upload.mutate({ file, format }, { onSuccess: setChosen })
  }
  const ready = !typeable || chosen !== null ? chosen !== null : path.trim() !== ''
  const failure = typed.error ?? choose.error ?? upload.error
  return (
    <form
      className={`path-field${browserPick ? ' drop-zone' : ''}${over ? ' drop-over' : ''}`}
      onDragOver={
        browserPick
          ? (event) => {
              event.preventDefault()
              setOver(true)
            }
          : undefined
      }
      onDragLeave={browserPick ? () => setOver(false) : undefined}
      onDrop={
        browserPick
          ? (event) => {
              event.preventDefault()
              setOver(false)
              take(event.dataTransfer.files[0])
            }
          : undefined
      }
      onSubmit={(event) => {
        event.preventDefault()
        onAttempt?.()
        if (!typeable || chosen !== null) {
          if (chosen === null) return
          onSubmit(chosen)
          // A place to save is granted for one write: the next save asks again.
          if (dialog.purpose === 'save') setChosen(null)
          return
        }
        if (path.trim() !== '') typed.mutate(path.trim(), { onSuccess: onSubmit })
      }}
    >
      <div className="field">
        <label htmlFor={id}>{label}</label>
        {!typeable ? (
          <input
            id={id}
            type="text"
            readOnly
            value={chosen?.name ?? ''}
            placeholder={t`No file chosen`}
            translate="no"
            aria-describedby={description ? `${id}-description` : undefined}
          />
        ) : (
          <input
            id={id}
            type="text"
            value={chosen?.name ?? path}
            spellCheck={false}
            translate="no"
            autoComplete="off"
            placeholder={browserPick ? t`Choose a file, drop it here, or type its path` : undefined}
            aria-describedby={description ? `${id}-description` : undefined}
            onChange={(event) => {
              setChosen(null)
              setPath(event.target.value)
            }}
          />
        )}
        {description ? (
          <p className="field-description" id={`${id}-description`}>
            {description}
          </p>
        ) : null}
      </div>
      {hasDialog ? (
        <Button busy={choose.isPending} onClick={() => chooseThen(setChosen)}>
          <Trans>Choose…</Trans>
        </Button>
      ) : null}
      {browserPick ? (
        <>
          <input
            ref={picker}
            type="file"
            accept={accept}
            hidden
            aria-label={t`${label}: choose a file`}
            onChange={(event) => {
              take(event.target.files?.[0])
              event.target.value = ''
            }}
          />
          <Button busy={upload.isPending} onClick={() => picker.current?.click()}>
            <Trans>Choose…</Trans>
          </Button>
        </>
      ) : null}
      <Button type="submit" busy={busy === true || typed.isPending} disabled={!ready}>
        {action}
      </Button>
      {failure ? <ErrorAlert error={errorShape(failure)} /> : null}
    </form>
  )
}
