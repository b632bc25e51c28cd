import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import {
  environmentDraftSchema,
  ENVIRONMENT_KINDS,
  MAX_RESPONSE_KIB,
  TIMEOUT_LIMITS,
  type EnvironmentDraft,
  type EnvironmentProfile,
} from '@shared/environments'
import { USER_TOKEN_SCHEMES } from '@shared/service'
import { Button } from '../../../components/ui/button'
import { ErrorAlert } from '../../../components/ui/error-alert'
import { Form, SelectField, TextField } from '../../../components/ui/form'
import { errorShape } from '../../../lib/api'
import { applyFieldErrors } from '../../../lib/field-errors'
import { useSaveEnvironment } from '../api/save-environment'

const NEW_ENVIRONMENT: EnvironmentDraft = {
  name: '',
  baseUrl: 'https://',
  kind: 'staging',
  userTokenScheme: 'hmac-sha256-hex',
  timeoutMs: TIMEOUT_LIMITS.default,
  maxResponseKiB: MAX_RESPONSE_KIB.default,
}

export function EnvironmentForm({
  environment,
  onDone,
}: {
  environment?: EnvironmentProfile
  onDone: () => void
}) {
  const form = useForm<EnvironmentDraft, unknown, z.output<typeof environmentDraftSchema>>({
    resolver: zodResolver(environmentDraftSchema),
    defaultValues: environment ?? NEW_ENVIRONMENT,
  })
  const save = useSaveEnvironment()
  return (
    <Form
      form={form}
      label={environment ? `Edit ${environment.name}` : 'New environment'}
      onSubmit={(draft) =>
        save.mutate(draft, {
          onSuccess: onDone,
          onError: (error) => applyFieldErrors(error, Object.keys(NEW_ENVIRONMENT), form.setError),
        })
      }
    >
      <div className="grid">
        <TextField name="name" label="Name" required />
        <TextField
          name="baseUrl"
          label="Base URL"
          required
          type="url"
          description="https://, or http:// on this machine only (not for production)"
        />
        <SelectField
          name="kind"
          label="Kind"
          options={ENVIRONMENT_KINDS.map((k) => ({ value: k, label: k }))}
          description="Production asks for confirmation before any write."
        />
        <SelectField
          name="userTokenScheme"
          label="userToken scheme"
          options={USER_TOKEN_SCHEMES.map((s) => ({
            value: s,
            label: s === 'plain' ? 'plain (identifier as is)' : 'HMAC-SHA256, hex',
          }))}
        />
        <TextField name="timeoutMs" label="Timeout (ms)" type="number" valueAsNumber />
        <TextField
          name="maxResponseKiB"
          label="Largest answer (KiB)"
          type="number"
          valueAsNumber
          description="A longer answer is not read: the call stops with an error."
        />
      </div>
      {save.error ? <ErrorAlert error={errorShape(save.error)} /> : null}
      <div className="form-actions">
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" variant="primary" busy={save.isPending}>
          {environment ? 'Save environment' : 'Add environment'}
        </Button>
      </div>
    </Form>
  )
}
