import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { CLIENT_CERTIFICATE_MODE_LABELS, TRUSTED_BY_LABELS } from '../labels'
import {
  CLIENT_CERTIFICATE_MODES,
  SLOT_ERROR_PATHS,
  type FileSlot,
  type FileSlotName,
  type TlsChoice,
} from '../tls-choice'
import { useFormErrors } from './form-errors'
import { TlsFileField } from './tls-file-field'

interface TlsFieldsProps {
  choice: TlsChoice
  onChange: (change: Partial<TlsChoice>) => void
  /** The files a save asked for and did not find. */
  missing: Partial<Record<FileSlotName, MessageDescriptor>>
}

function TrustFields({ choice, onChange }: TlsFieldsProps) {
  const { t, i18n } = useLingui()
  const id = useId()
  const caOnlyError = useFormErrors(['tls.caOnly'])
  const trustedBy =
    choice.caFile === null ? 'default' : choice.caOnly ? 'ca-file-only' : 'default-and-ca-file'
  const authorities = i18n._(TRUSTED_BY_LABELS[trustedBy])
  return (
    <fieldset className="fieldset tls-fieldset">
      <legend>
        <Trans>Trust</Trans>
      </legend>
      <p className="tls-trust-summary">
        <Trans>Certificate authorities: {authorities}</Trans>
      </p>
      <TlsFileField
        label={t`CA file`}
        format="pem"
        slot={choice.caFile}
        // Trusting only a file that is gone would trust nothing: the choice goes with the file.
        onChange={(caFile) => onChange(caFile === null ? { caFile, caOnly: false } : { caFile })}
        errorPaths={SLOT_ERROR_PATHS.caFile}
        description={t`Optional. A PEM file of the certificate authorities a company network or a private service uses.`}
      />
      <div className={`field field-checkbox${caOnlyError ? ' field-invalid' : ''}`}>
        <input
          id={`${id}-ca-only`}
          type="checkbox"
          checked={choice.caOnly}
          disabled={choice.caFile === null}
          aria-describedby={`${id}-ca-only-description${caOnlyError ? ` ${id}-ca-only-error` : ''}`}
          onChange={(event) => onChange({ caOnly: event.target.checked })}
        />
        <label htmlFor={`${id}-ca-only`}>
          <Trans>Trust only this CA file</Trans>
        </label>
        <p id={`${id}-ca-only-description`} className="field-description">
          {choice.caFile === null ? (
            <Trans>Choose a CA file first.</Trans>
          ) : (
            <Trans>
              The service&apos;s certificate must then come from this file&apos;s authorities.
            </Trans>
          )}
        </p>
        {caOnlyError ? (
          <p id={`${id}-ca-only-error`} className="field-error" role="alert">
            {caOnlyError}
          </p>
        ) : null}
      </div>
    </fieldset>
  )
}

function ClientCertificateFields({ choice, onChange, missing }: TlsFieldsProps) {
  const { t, i18n } = useLingui()
  const id = useId()
  const modeError = useFormErrors(['tls.clientCertificate'])
  const file = (slot: Exclude<FileSlotName, 'caFile'>, label: string, format: 'pem' | 'pkcs12') => (
    <TlsFileField
      label={label}
      format={format}
      slot={choice[slot]}
      onChange={(value: FileSlot) => onChange({ [slot]: value })}
      problem={missing[slot]}
      errorPaths={SLOT_ERROR_PATHS[slot]}
    />
  )
  return (
    <fieldset className="fieldset tls-fieldset" aria-describedby={`${id}-description`}>
      <legend>
        <Trans>Client certificate</Trans>
      </legend>
      <div className="choices tls-modes">
        {CLIENT_CERTIFICATE_MODES.map((mode) => (
          <label key={mode} className="choice">
            <input
              type="radio"
              name={`${id}-mode`}
              value={mode}
              checked={choice.clientMode === mode}
              onChange={() => onChange({ clientMode: mode })}
            />
            {i18n._(CLIENT_CERTIFICATE_MODE_LABELS[mode])}
          </label>
        ))}
      </div>
      {modeError ? (
        <p className="field-error" role="alert">
          {modeError}
        </p>
      ) : null}
      {choice.clientMode === 'pem' ? (
        <>
          {file('certFile', t`Certificate file`, 'pem')}
          {file('keyFile', t`Key file`, 'pem')}
        </>
      ) : null}
      {choice.clientMode === 'pkcs12' ? file('pkcs12File', t`PKCS#12 file`, 'pkcs12') : null}
      <p id={`${id}-description`} className="field-description">
        <Trans>
          For a service that asks the console who it is. A key&apos;s passphrase is set with the
          other secrets, after saving.
        </Trans>
      </p>
    </fieldset>
  )
}

/** How an environment's calls are checked and who they say they are: its TLS settings. */
export function TlsFields(props: TlsFieldsProps) {
  return (
    <>
      <TrustFields {...props} />
      <ClientCertificateFields {...props} />
    </>
  )
}
