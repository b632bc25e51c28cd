import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { TlsDraft, TlsFileView, TlsView } from '@shared/environments'
import type { FileGrant } from '@shared/ipc'

/** A file of the TLS settings as the form holds it: the saved one, one just chosen, or none. */
export type FileSlot = { kept: TlsFileView } | { chosen: FileGrant } | null

export const CLIENT_CERTIFICATE_MODES = ['none', 'pem', 'pkcs12'] as const
export type ClientCertificateMode = (typeof CLIENT_CERTIFICATE_MODES)[number]

export interface TlsChoice {
  caFile: FileSlot
  caOnly: boolean
  clientMode: ClientCertificateMode
  certFile: FileSlot
  keyFile: FileSlot
  pkcs12File: FileSlot
}

/** The slots of a choice that hold a file, and the field path main names each by. */
export type FileSlotName = 'caFile' | 'certFile' | 'keyFile' | 'pkcs12File'

/**
 * Where main or the shared schema puts a slot's error: main names a kept file it cannot find by
 * the file's own key (tls.certFile), the schema by its place in the draft.
 */
export const SLOT_ERROR_PATHS: Record<FileSlotName, readonly string[]> = {
  caFile: ['tls.caFile'],
  certFile: ['tls.certFile', 'tls.clientCertificate.certFile'],
  keyFile: ['tls.keyFile', 'tls.clientCertificate.keyFile'],
  pkcs12File: ['tls.file', 'tls.clientCertificate.file'],
}
export const TLS_ERROR_PATHS = [
  ...Object.values(SLOT_ERROR_PATHS).flat(),
  'tls.caOnly',
  'tls.clientCertificate',
]

const kept = (file: TlsFileView | undefined): FileSlot => (file ? { kept: file } : null)

/** The form's starting point: what the environment has (or nothing, for a new one). */
export function tlsChoiceOf(view: TlsView | undefined): TlsChoice {
  const client = view?.clientCertificate ?? null
  return {
    caFile: kept(view?.caFile ?? undefined),
    caOnly: view?.caOnly ?? false,
    clientMode: client?.format ?? 'none',
    certFile: client?.format === 'pem' ? kept(client.files[0]) : null,
    keyFile: client?.format === 'pem' ? kept(client.files[1]) : null,
    pkcs12File: client?.format === 'pkcs12' ? kept(client.files[0]) : null,
  }
}

const NEEDS_FILE: Record<Exclude<FileSlotName, 'caFile'>, MessageDescriptor> = {
  certFile: msg`Choose the certificate file.`,
  keyFile: msg`Choose the key file.`,
  pkcs12File: msg`Choose the PKCS#12 file.`,
}

/** The slots a client certificate of this mode needs. */
function clientSlots(mode: ClientCertificateMode): Exclude<FileSlotName, 'caFile'>[] {
  return mode === 'pem' ? ['certFile', 'keyFile'] : mode === 'pkcs12' ? ['pkcs12File'] : []
}

const named = (slot: NonNullable<FileSlot>) => ('kept' in slot ? 'keep' : slot.chosen.handle)

/**
 * The draft's TLS part: `keep` for a file left as it was, the handle of one just chosen, null for
 * none; or, when a client certificate lacks a file, which ones to ask for.
 */
export function tlsDraftOf(
  choice: TlsChoice,
):
  | { draft: TlsDraft; missing?: never }
  | { draft?: never; missing: Partial<Record<FileSlotName, MessageDescriptor>> } {
  const missing = Object.fromEntries(
    clientSlots(choice.clientMode)
      .filter((slot) => choice[slot] === null)
      .map((slot) => [slot, NEEDS_FILE[slot]]),
  )
  if (Object.keys(missing).length > 0) return { missing }
  const { caFile, certFile, keyFile, pkcs12File } = choice
  return {
    draft: {
      caFile: caFile === null ? null : named(caFile),
      caOnly: caFile !== null && choice.caOnly,
      clientCertificate:
        choice.clientMode === 'pem' && certFile && keyFile
          ? { format: 'pem', certFile: named(certFile), keyFile: named(keyFile) }
          : choice.clientMode === 'pkcs12' && pkcs12File
            ? { format: 'pkcs12', file: named(pkcs12File) }
            : null,
    },
  }
}
