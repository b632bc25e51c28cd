import { useState } from 'react'
import {
  SECRET_LABELS,
  SECRET_NAMES,
  type EnvironmentView,
  type SecretName,
} from '@shared/environments'
import { secretValueSchema } from '@shared/ipc'
import { Button } from '../../../components/ui/button'
import { ErrorAlert } from '../../../components/ui/error-alert'
import { errorShape } from '../../../lib/api'
import { useClearSecret, useSetSecret } from '../api/secrets'

/** Write-only: a secret is typed, sent to the keychain, and from then on shown only as "set". */
function SecretField({ environment, name }: { environment: EnvironmentView; name: SecretName }) {
  const [value, setValue] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const setSecret = useSetSecret()
  const clearSecret = useClearSecret()
  const isSet = environment.secrets?.[name]
  const id = `secret-${environment.id}-${name}`

  function save() {
    const parsed = secretValueSchema.safeParse(value)
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'invalid secret')
      return
    }
    setProblem(null)
    setSecret.mutate(
      { id: environment.id, name, value: parsed.data },
      { onSuccess: () => setValue('') },
    )
  }

  const status = isSet === undefined ? 'unknown' : isSet ? 'Set' : 'Not set'
  return (
    <div className="secret-field">
      <label htmlFor={id}>{SECRET_LABELS[name]}</label>
      <span
        className={`badge ${isSet ? 'badge-ok' : 'badge-muted'}`}
        aria-label={`${SECRET_LABELS[name]} status`}
      >
        {status}
      </span>
      <input
        id={id}
        type="password"
        autoComplete="off"
        value={value}
        placeholder={isSet ? 'Type to replace' : 'Type to set'}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') save()
        }}
      />
      <Button onClick={save} busy={setSecret.isPending} aria-label={`Save ${SECRET_LABELS[name]}`}>
        Save
      </Button>
      {isSet ? (
        <Button
          variant="ghost"
          busy={clearSecret.isPending}
          aria-label={`Clear ${SECRET_LABELS[name]}`}
          onClick={() => clearSecret.mutate({ id: environment.id, name })}
        >
          Clear
        </Button>
      ) : null}
      {problem ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      {setSecret.error ? <ErrorAlert error={errorShape(setSecret.error)} /> : null}
    </div>
  )
}

export function SecretFields({ environment }: { environment: EnvironmentView }) {
  return (
    <fieldset className="fieldset">
      <legend>Credentials (kept in the OS keychain)</legend>
      {SECRET_NAMES.map((name) => (
        <SecretField key={name} environment={environment} name={name} />
      ))}
    </fieldset>
  )
}
