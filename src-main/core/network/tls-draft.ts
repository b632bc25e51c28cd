import {
  DEFAULT_TLS,
  type ClientCertificate,
  type TlsDraft,
  type TlsSetting,
} from '../../../src-shared/environments'
import { said } from '../../../src-shared/messages'
import { AppError } from '../errors/app-error'
import type { FileGrants } from '../files/file-grants'
import { pemCertificates, readTlsFile } from './tls-files'

type Choice = NonNullable<TlsDraft['caFile']>

/** The TLS settings a save stores, and the grants it used: spent once the save is made. */
export interface TlsOfDraft {
  tls: TlsSetting
  handles: string[]
}

/**
 * The TLS settings a save stores, from the files its face named: each kept from the profile
 * or chosen by the user for that very field (a PKCS#12 grant fills no PEM field), never a path
 * the page wrote. Each new file is read now, so a file that holds no certificate is refused at
 * the save, not at the first call.
 */
export async function tlsOfDraft(
  draft: TlsDraft | undefined,
  before: TlsSetting | undefined,
  grants: FileGrants,
): Promise<TlsOfDraft> {
  if (draft === undefined) return { tls: before ?? DEFAULT_TLS, handles: [] }
  const handles: string[] = []
  const file = async (
    choice: Choice,
    kept: string | undefined,
    field: string,
    format: 'pem' | 'pkcs12',
  ): Promise<{ path: string; chosen: boolean }> => {
    if (choice !== 'keep') {
      const granted = await grants.toReadCertificate(choice, format)
      handles.push(choice)
      return { path: granted, chosen: true }
    }
    if (kept === undefined) {
      const message = said('keepWithoutFile')
      throw new AppError('VALIDATION', message, { fieldErrors: { [`tls.${field}`]: [message] } })
    }
    return { path: kept, chosen: false }
  }
  const checkPem = async ({ path, chosen }: { path: string; chosen: boolean }) => {
    if (chosen) pemCertificates(await readTlsFile(path), path)
  }
  const ca =
    draft.caFile === null
      ? null
      : await file(draft.caFile, before?.caFile ?? undefined, 'caFile', 'pem')
  if (ca !== null) await checkPem(ca)
  const client = draft.clientCertificate
  const kept = before?.clientCertificate
  let clientCertificate: ClientCertificate | null = null
  if (client?.format === 'pem') {
    const keptPem = kept?.format === 'pem' ? kept : undefined
    const cert = await file(client.certFile, keptPem?.certFile, 'certFile', 'pem')
    const key = await file(client.keyFile, keptPem?.keyFile, 'keyFile', 'pem')
    await checkPem(cert)
    if (key.chosen) await readTlsFile(key.path)
    clientCertificate = { format: 'pem', certFile: cert.path, keyFile: key.path }
  } else if (client?.format === 'pkcs12') {
    const pfx = await file(
      client.file,
      kept?.format === 'pkcs12' ? kept.file : undefined,
      'file',
      'pkcs12',
    )
    if (pfx.chosen) await readTlsFile(pfx.path)
    clientCertificate = { format: 'pkcs12', file: pfx.path }
  }
  return { tls: { caFile: ca?.path ?? null, caOnly: draft.caOnly, clientCertificate }, handles }
}
