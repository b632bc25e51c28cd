import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useFormContext, useWatch } from 'react-hook-form'
import {
  authenticateFormSchema,
  EMPTY_AUTHENTICATE_FORM,
  type AuthenticateFormValues,
  type AuthenticateInput,
} from '@shared/ipc'
import { Button } from '../../../components/ui/button'
import { ErrorAlert } from '../../../components/ui/error-alert'
import { Form, TextField } from '../../../components/ui/form'
import { Card, Page } from '../../../components/ui/page'
import { errorShape } from '../../../lib/api'
import { useAuthenticate } from '../api/authenticate'
import { SessionResult } from './session-result'

function Choice({
  name,
  value,
  label,
}: {
  name: 'mode' | 'guidMode'
  value: string
  label: string
}) {
  const { register } = useFormContext<AuthenticateFormValues>()
  return (
    <label className="choice">
      <input type="radio" value={value} {...register(name)} /> {label}
    </label>
  )
}

function AuthenticateFields() {
  const { control } = useFormContext<AuthenticateFormValues>()
  const mode = useWatch({ control, name: 'mode' })
  const guidMode = useWatch({ control, name: 'guidMode' })
  return (
    <>
      <fieldset className="fieldset">
        <legend>User</legend>
        <div className="choices" role="radiogroup" aria-label="How the user is given">
          <Choice
            name="mode"
            value="identifier"
            label="User identifier (the console computes the userToken)"
          />
          <Choice name="mode" value="userToken" label="Already-hashed userToken" />
        </div>
        <TextField
          name="value"
          label={mode === 'identifier' ? 'User identifier' : 'userToken'}
          required
          description={
            mode === 'identifier'
              ? "The user's token; hashed with the environment's scheme and secret."
              : 'Sent exactly as typed.'
          }
        />
      </fieldset>
      <fieldset className="fieldset">
        <legend>Installation</legend>
        <div className="choices" role="radiogroup" aria-label="How the installationGuid is chosen">
          <Choice name="guidMode" value="generate" label="Generate a new installationGuid" />
          <Choice name="guidMode" value="fixed" label="Use this installationGuid" />
        </div>
        {guidMode === 'fixed' ? (
          <TextField
            name="installationGuid"
            label="installationGuid"
            required
            placeholder="3f2b8c1e-9a4d-4f6b-8e2a-1c5d7e9f0a2b"
          />
        ) : null}
      </fieldset>
    </>
  )
}

const AUTH_TITLES = {
  FORBIDDEN: 'Access refused for this user',
  NOT_FOUND: 'No user matches this userToken',
} as const

export function AuthenticateScreen({ token }: { token: string | null }) {
  const form = useForm<AuthenticateFormValues, unknown, AuthenticateInput>({
    resolver: zodResolver(authenticateFormSchema),
    defaultValues: { ...EMPTY_AUTHENTICATE_FORM, value: token ?? '' },
  })
  const authenticate = useAuthenticate()
  const error = authenticate.error ? errorShape(authenticate.error) : null
  return (
    <Page
      title="Authenticate"
      description="Issue a session JWT for a user, as the integrator's server would."
    >
      <Card>
        <Form form={form} label="Authenticate" onSubmit={(input) => authenticate.mutate(input)}>
          <AuthenticateFields />
          <div className="form-actions">
            <Button type="submit" variant="primary" busy={authenticate.isPending}>
              Authenticate
            </Button>
          </div>
        </Form>
      </Card>
      {error ? (
        <ErrorAlert
          error={
            error.code === 'FORBIDDEN'
              ? {
                  ...error,
                  message: `${error.message} A user with status 3 (No Access) cannot start a session; change the status to Free or Premium to allow it.`,
                }
              : error
          }
          title={AUTH_TITLES[error.code as keyof typeof AUTH_TITLES]}
        />
      ) : null}
      {authenticate.data ? <SessionResult session={authenticate.data} /> : null}
    </Page>
  )
}
