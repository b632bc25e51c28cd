import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { SECRET_NAMES, type EnvironmentView, type SecretName } from '@shared/environments'
import { secretValueSchemaFor } from '@shared/ipc'
import { Button } from '../../../components/ui/button'
import { ErrorAlert } from '../../../components/ui/error-alert'
import { useSaySaid, saidOfFieldText } from '../../../i18n/translate-message'
import { errorShape } from '../../../lib/api'
import { useClearSecret, useSetSecret } from '../api/secrets'
import { SECRET_NAME_LABELS } from '../labels'

const INVALID_SECRET = msg`invalid secret`

/** Write-only: a secret is typed, sent to the keychain, and from then on shown only as "set". */
function SecretField({ environment, name }: { environment: EnvironmentView; name: SecretName }) {
  const { t, i18n } = useLingui()
  const say = useSaySaid()
  const [value, setValue] = useState('')
  // Kept as the schema's English text (or a message) and put in the page's language when shown,
  // so that it follows a language switch.
  const [problem, setProblem] = useState<string | MessageDescriptor | null>(null)
  const setSecret = useSetSecret()
  const clearSecret = useClearSecret()
  const isSet = environment.secrets?.[name]
  const id = `secret-${environment.id}-${name}`
  const label = i18n._(SECRET_NAME_LABELS[name])

  function save() {
    const parsed = secretValueSchemaFor(name).safeParse(value)
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? INVALID_SECRET)
      return
    }
    setProblem(null)
    setSecret.mutate(
      { id: environment.id, name, value: parsed.data },
      { onSuccess: () => setValue('') },
    )
  }

  // A context of their own: the same words elsewhere (a user's field left empty) read otherwise.
  const status =
    isSet === undefined
      ? t({ message: 'unknown', context: 'secret status' })
      : isSet
        ? t({ message: 'Set', context: 'secret status' })
        : t({ message: 'Not set', context: 'secret status' })
  return (
    <div className="secret-field">
      <label htmlFor={id}>{label}</label>
      <span
        className={`badge ${isSet ? 'badge-ok' : 'badge-muted'}`}
        aria-label={t`${label} status`}
      >
        {status}
      </span>
      <input
        id={id}
        type="password"
        autoComplete="off"
        value={value}
        placeholder={isSet ? t`Type to replace` : t`Type to set`}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') save()
        }}
      />
      <Button onClick={save} busy={setSecret.isPending} aria-label={t`Save ${label}`}>
        <Trans>Save</Trans>
      </Button>
      {/* Always there, disabled with nothing to clear: every row keeps the same columns. */}
      <Button
        variant="ghost"
        busy={clearSecret.isPending}
        disabled={isSet !== true}
        aria-label={t`Clear ${label}`}
        onClick={() => clearSecret.mutate({ id: environment.id, name })}
      >
        <Trans>Clear</Trans>
      </Button>
      {problem ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {typeof problem === 'string'
            ? say(saidOfFieldText(problem, () => undefined))
            : i18n._(problem)}
        </p>
      ) : null}
      {setSecret.error ? <ErrorAlert error={errorShape(setSecret.error)} /> : null}
    </div>
  )
}

/**
 * Whether a secret has a use here: a proxy's password only with a proxy user name (main keeps it
 * for that proxy and user alone), a key's passphrase only with a client certificate. One already
 * set stays in view, so that it can be cleared.
 */
function applies(environment: EnvironmentView, name: SecretName): boolean {
  if (environment.secrets?.[name] === true) return true
  if (name === 'proxyPassword')
    return environment.proxy.mode === 'url' && environment.proxy.username !== null
  if (name === 'clientKeyPassphrase') return environment.tls.clientCertificate !== null
  return true
}

export function SecretFields({ environment }: { environment: EnvironmentView }) {
  return (
    <fieldset className="fieldset secret-fields">
      <legend>
        <Trans>Credentials (kept in the OS keychain)</Trans>
      </legend>
      {SECRET_NAMES.filter((name) => applies(environment, name)).map((name) => (
        <SecretField key={name} environment={environment} name={name} />
      ))}
    </fieldset>
  )
}
