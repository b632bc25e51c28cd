import { zodResolver } from '@hookform/resolvers/zod'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, type ReactNode } from 'react'
import { useForm, useFormContext, useWatch } from 'react-hook-form'
import {
  authenticateFormSchema,
  EMPTY_AUTHENTICATE_FORM,
  type AuthenticateFormValues,
  type AppErrorShape,
  type AuthenticateInput,
} from '@shared/ipc'
import { Button } from '../../../components/ui/button'
import { ErrorAlert } from '../../../components/ui/error-alert'
import { Form, TextField } from '../../../components/ui/form'
import { Card, Page } from '../../../components/ui/page'
import { errorShape } from '../../../lib/api'
import { useAuthenticate } from '../api/authenticate'
import { useIntoView } from '../../../lib/into-view'
import { JwtDecoder } from './jwt-decoder'
import { SessionResult } from './session-result'
import { SCREENS } from '../../../lib/screens'

function Choice({
  name,
  value,
  label,
}: {
  name: 'mode' | 'guidMode'
  value: string
  label: ReactNode
}) {
  const { register } = useFormContext<AuthenticateFormValues>()
  return (
    <label className="choice">
      <input type="radio" value={value} {...register(name)} /> {label}
    </label>
  )
}

function AuthenticateFields() {
  const { t } = useLingui()
  const { control, getValues, setValue } = useFormContext<AuthenticateFormValues>()
  const mode = useWatch({ control, name: 'mode' })
  const guidMode = useWatch({ control, name: 'guidMode' })
  // A fixed installationGuid starts as a fresh one, to keep or replace: never an empty error.
  useEffect(() => {
    if (guidMode === 'fixed' && getValues('installationGuid').trim() === '')
      setValue('installationGuid', crypto.randomUUID())
  }, [guidMode, getValues, setValue])
  return (
    <>
      <fieldset className="fieldset">
        <legend>
          <Trans>User</Trans>
        </legend>
        <div className="choices" role="radiogroup" aria-label={t`How the user is given`}>
          <Choice
            name="mode"
            value="identifier"
            label={t`User identifier (the console computes the userToken)`}
          />
          <Choice name="mode" value="userToken" label={t`Already-hashed userToken`} />
        </div>
        <TextField
          name="value"
          label={mode === 'identifier' ? t`User identifier` : <span translate="no">userToken</span>}
          required
          description={
            mode === 'identifier'
              ? t`The user's token; hashed with the environment's scheme and secret.`
              : t`Sent exactly as typed.`
          }
        />
      </fieldset>
      <fieldset className="fieldset">
        <legend>
          <Trans>Installation</Trans>
        </legend>
        <div
          className="choices"
          role="radiogroup"
          aria-label={t`How the installationGuid is chosen`}
        >
          <Choice name="guidMode" value="generate" label={t`Generate a new installationGuid`} />
          <Choice name="guidMode" value="fixed" label={t`Use this installationGuid`} />
        </div>
        {guidMode === 'fixed' ? (
          <TextField
            name="installationGuid"
            label={<span translate="no">installationGuid</span>}
            required
            placeholder="3f2b8c1e-9a4d-4f6b-8e2a-1c5d7e9f0a2b"
          />
        ) : null}
      </fieldset>
    </>
  )
}

const AUTH_TITLES: Partial<Record<AppErrorShape['code'], MessageDescriptor>> = {
  FORBIDDEN: msg`Access refused for this user`,
  NOT_FOUND: msg`No user matches this userToken`,
}

export function AuthenticateScreen({ token }: { token: string | null }) {
  const { t, i18n } = useLingui()
  const form = useForm<AuthenticateFormValues, unknown, AuthenticateInput>({
    resolver: zodResolver(authenticateFormSchema),
    defaultValues: { ...EMPTY_AUTHENTICATE_FORM, value: token ?? '' },
  })
  const authenticate = useAuthenticate()
  const error = authenticate.error ? errorShape(authenticate.error) : null
  const title = error ? AUTH_TITLES[error.code] : undefined
  const answer = useIntoView<HTMLDivElement>(authenticate.data ?? authenticate.error)
  return (
    <Page
      title={i18n._(SCREENS.authenticate.heading)}
      description={t`Issue a session JWT for a user, as the integrator's server would.`}
    >
      <Card>
        <Form form={form} label={t`Authenticate`} onSubmit={(input) => authenticate.mutate(input)}>
          <AuthenticateFields />
          <div className="form-actions">
            <Button type="submit" variant="primary" busy={authenticate.isPending}>
              <Trans>Authenticate</Trans>
            </Button>
          </div>
        </Form>
      </Card>
      <div ref={answer} className="into-view">
        {error ? (
          <ErrorAlert
            error={error}
            title={title ? i18n._(title) : undefined}
            explanation={
              error.code === 'FORBIDDEN'
                ? t`To let this user start a session, change their status to Free or Premium.`
                : undefined
            }
          />
        ) : null}
        {authenticate.data ? <SessionResult session={authenticate.data} /> : null}
      </div>
      <JwtDecoder />
    </Page>
  )
}
