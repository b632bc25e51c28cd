import { Trans, useLingui } from '@lingui/react/macro'
import { useRef } from 'react'
import type { FileGrant } from '@shared/ipc'
import { ACCEPTS } from '../../../components/path-field'
import { Button } from '../../../components/ui/button'
import { ErrorAlert } from '../../../components/ui/error-alert'
import { errorShape } from '../../../lib/api'
import { useUploadFile } from '../../../lib/upload-file'

/**
 * A TLS file picked in the browser's own chooser, as Bulk and Import pick theirs in the browser
 * shell: the page hands main the bytes the user picked, never a path, and gets back a grant to
 * read them in this format alone; main keeps the environment's copy when it saves.
 */
export function BrowserFilePick({
  format,
  label,
  onChosen,
}: {
  format: 'pem' | 'pkcs12'
  label: string
  onChosen: (file: FileGrant) => void
}) {
  const { t } = useLingui()
  const picker = useRef<HTMLInputElement>(null)
  const upload = useUploadFile()
  const failure = upload.error ? errorShape(upload.error) : null
  return (
    <>
      <input
        ref={picker}
        type="file"
        accept={ACCEPTS[format]}
        hidden
        aria-label={t`${label}: choose a file`}
        onChange={(event) => {
          const file = event.target.files?.[0]
          event.target.value = ''
          if (file) upload.mutate({ file, format }, { onSuccess: onChosen })
        }}
      />
      <Button busy={upload.isPending} onClick={() => picker.current?.click()}>
        <Trans>Choose…</Trans>
        <span className="visually-hidden"> ({label})</span>
      </Button>
      {/* Its message names the file and the endings taken: said once, not again by field. */}
      {failure ? <ErrorAlert error={{ ...failure, fieldErrors: undefined }} /> : null}
    </>
  )
}
