import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type ReactNode } from 'react'
import { useFormContext } from 'react-hook-form'
import type { FileGrant } from '@shared/ipc'
import { Button } from '../../../components/ui/button'
import { ErrorAlert } from '../../../components/ui/error-alert'
import { FieldMessages } from '../../../components/ui/form'
import { useSaySaid } from '../../../i18n/translate-message'
import { errorShape } from '../../../lib/api'
import { useAppInfo } from '../../../lib/app-info'
import { useFileChoice } from '../../../lib/file-choice'
import { fieldRuleOf } from '../field-rule'
import type { FileSlot } from '../tls-choice'
import { BrowserFilePick } from './browser-file-pick'
import { CertificateList } from './certificate-list'
import { FileName } from './file-name'
import { useFormErrors } from './form-errors'

/** The file a slot holds now: the saved one with what main read in it, or one just chosen. */
function CurrentFile({ slot, label }: { slot: NonNullable<FileSlot>; label: string }) {
  const { t } = useLingui()
  const say = useSaySaid()
  if ('chosen' in slot)
    return (
      <p className="tls-file-current">
        <code translate="no">{slot.chosen.name}</code>{' '}
        <span className="muted">
          <Trans>chosen: read when you save</Trans>
        </span>
      </p>
    )
  const { certificates, problem } = slot.kept
  return (
    <div className="tls-file-current">
      <FileName file={slot.kept} />
      {problem ? (
        <p className="tls-file-problem">
          <strong>
            <Trans>Cannot be read now:</Trans>
          </strong>{' '}
          {say(problem)}
        </p>
      ) : null}
      {certificates.length > 0 ? (
        <CertificateList certificates={certificates} label={t`Certificates in ${label}`} />
      ) : null}
    </div>
  )
}

/**
 * One file of an environment's TLS settings: chosen in main's dialog, or, where the face has none
 * (the browser shell), picked in the browser's chooser or typed as a path. Main reads it; the
 * page holds only its grant and name.
 */
export function TlsFileField({
  label,
  format,
  slot,
  onChange,
  description,
  problem,
  errorPaths,
}: {
  label: string
  format: 'pem' | 'pkcs12'
  slot: FileSlot
  onChange: (slot: FileSlot) => void
  description?: ReactNode
  /** What the form asks of this file before it can save (a client certificate's missing key). */
  problem?: MessageDescriptor
  /** Where main and the shared schema put this file's errors. */
  errorPaths: readonly string[]
}) {
  const { t, i18n } = useLingui()
  const say = useSaySaid()
  const id = useId()
  const [path, setPath] = useState('')
  const { clearErrors } = useFormContext()
  const { hasDialog, choose, chooseThen, typed } = useFileChoice({ purpose: 'open', format })
  const inShell = useAppInfo().data?.face === 'browser-shell'
  const saved = useFormErrors(errorPaths)
  const take = (file: FileGrant) => {
    clearErrors(errorPaths)
    onChange({ chosen: file })
  }
  const takeTyped = () => {
    if (path.trim() === '') return
    typed.mutate(path.trim(), {
      onSuccess: (file) => {
        setPath('')
        take(file)
      },
    })
  }
  // A path refused by its rule is this field's error, named by its label: said once, here.
  const typedRule = typed.error ? fieldRuleOf(errorShape(typed.error), 'path', label) : null
  const failure = choose.error ?? (typedRule ? null : typed.error)
  const error = problem ? i18n._(problem) : typedRule ? say(typedRule) : saved
  const named = <span className="visually-hidden"> ({label})</span>
  const describedBy = [description ? `${id}-description` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ')
  return (
    <div
      className={`tls-file${error ? ' field-invalid' : ''}`}
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={describedBy || undefined}
    >
      {hasDialog ? (
        <span id={`${id}-label`} className="tls-file-label">
          {label}
        </span>
      ) : (
        <label id={`${id}-label`} htmlFor={`${id}-path`} className="tls-file-label">
          {label}
        </label>
      )}
      {slot ? (
        <CurrentFile slot={slot} label={label} />
      ) : (
        <p className="muted tls-file-current">
          <Trans>No file</Trans>
        </p>
      )}
      <div className="tls-file-actions">
        {hasDialog ? (
          <Button busy={choose.isPending} onClick={() => chooseThen(take)}>
            <Trans>Choose…</Trans>
            {named}
          </Button>
        ) : (
          <>
            {/* Main takes bytes from the browser shell's page alone (file-handlers.ts). */}
            {inShell ? <BrowserFilePick format={format} label={label} onChosen={take} /> : null}
            <input
              id={`${id}-path`}
              type="text"
              value={path}
              spellCheck={false}
              translate="no"
              autoComplete="off"
              placeholder={
                slot ? t`Or type another file's full path` : t`Or type the file's full path`
              }
              aria-invalid={error ? true : undefined}
              onChange={(event) => setPath(event.target.value)}
              onKeyDown={(event) => {
                // Enter takes the path; it must not save the whole environment.
                if (event.key !== 'Enter') return
                event.preventDefault()
                takeTyped()
              }}
            />
            <Button busy={typed.isPending} disabled={path.trim() === ''} onClick={takeTyped}>
              <Trans>Use this file</Trans>
              {named}
            </Button>
          </>
        )}
        {slot ? (
          <Button
            variant="ghost"
            onClick={() => {
              clearErrors(errorPaths)
              onChange(null)
            }}
          >
            <Trans>Remove</Trans>
            {named}
          </Button>
        ) : null}
      </div>
      <FieldMessages id={id} description={description} error={error} />
      {failure ? <ErrorAlert error={errorShape(failure)} /> : null}
    </div>
  )
}
