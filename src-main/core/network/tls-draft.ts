import {
  DEFAULT_TLS,
  type ClientCertificate,
  type TlsDraft,
  type TlsSetting,
} from '../../../src-shared/environments'
import { said } from '../../../src-shared/messages'
import { AppError } from '../app-error'
import type { FileGrants } from '../files/file-grants'
import { pemCertificates, readTlsFile } from './tls-files'

type Choice = TlsDraft['caFile']

/**
 * The TLS settings a save stores, from the files its face named: each kept from the profile
 * or chosen by the user (a grant's handle), never a path the page wrote. Each new file is read
 * now, so a file that holds no certificate is refused at the save, not at the first call.
 */
export async function tlsOfDraft(
  draft: TlsDraft | undefined,
  before: TlsSetting | undefined,
  grants: FileGrants,
): Promise<TlsSetting> {
  if (draft === undefined) return before ?? DEFAULT_TLS
  const file = (choice: NonNullable<Choice>, kept: string | undefined, field: string) => {
    if (choice !== 'keep') return grants.toReadCertificate(choice)
    if (kept === undefined) {
      const message = said('keepWithoutFile')
      throw new AppError('VALIDATION', message, { fieldErrors: { [`tls.${field}`]: [message] } })
    }
    return { path: kept, format: null }
  }
  const ca =
    draft.caFile === null ? null : file(draft.caFile, before?.caFile ?? undefined, 'caFile')
  if (ca !== null && ca.format !== null) pemCertificates(await readTlsFile(ca.path), ca.path)
  const client = draft.clientCertificate
  const kept = before?.clientCertificate
  let clientCertificate: ClientCertificate | null = null
  if (client?.format === 'pem') {
    const cert = file(
      client.certFile,
      kept?.format === 'pem' ? kept.certFile : undefined,
      'certFile',
    )
    const key = file(client.keyFile, kept?.format === 'pem' ? kept.keyFile : undefined, 'keyFile')
    if (cert.format !== null) pemCertificates(await readTlsFile(cert.path), cert.path)
    if (key.format !== null) await readTlsFile(key.path)
    clientCertificate = { format: 'pem', certFile: cert.path, keyFile: key.path }
  } else if (client?.format === 'pkcs12') {
    const pfx = file(client.file, kept?.format === 'pkcs12' ? kept.file : undefined, 'file')
    if (pfx.format !== null) await readTlsFile(pfx.path)
    clientCertificate = { format: 'pkcs12', file: pfx.path }
  }
  return { caFile: ca?.path ?? null, caOnly: draft.caOnly, clientCertificate }
}
