import { Trans } from '@lingui/react/macro'
import type { TlsFileView } from '@shared/environments'

/**
 * A TLS file as a person knows it: by its name, or, for a CA imported with a file of
 * environments (the console keeps it under a digest), by whom its first certificate names; the
 * start of its fingerprint beside, to tell two alike apart.
 */
export function FileName({ file }: { file: TlsFileView }) {
  return (
    <>
      {file.imported ? (
        <Trans>
          Imported CA <strong translate="no">{file.name}</strong>
        </Trans>
      ) : (
        <code translate="no">{file.name}</code>
      )}
      {file.fingerprint ? (
        <span className="hint">
          {' '}
          <Trans>
            · SHA-256 fingerprint <code translate="no">{file.fingerprint}</code>
          </Trans>
        </span>
      ) : null}
    </>
  )
}
