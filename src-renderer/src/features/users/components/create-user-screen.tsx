import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { useForm } from 'react-hook-form'
import {
  createUserFormSchema,
  EMPTY_USER_FORM,
  type UserFormValues,
  type CreateUserRequest,
} from '@shared/service'
import { Button } from '../../../components/ui/button'
import { ErrorAlert, Notice } from '../../../components/ui/error-alert'
import { Form } from '../../../components/ui/form'
import { Card, Page } from '../../../components/ui/page'
import { useConfirmWrite } from '../../../components/write-guard'
import { useSaySaid } from '../../../i18n/translate-message'
import { errorShape } from '../../../lib/api'
import { applyFieldErrors } from '../../../lib/field-errors'
import { useIntoView } from '../../../lib/into-view'
import { hrefFor } from '../../../lib/navigation'
import { useCreateUser } from '../api/create-user'
import { UserDetails } from './user-details'
import { UserFields } from './user-fields'
import { SCREENS } from '../../../lib/screens'

export function CreateUserScreen() {
  const { t, i18n } = useLingui()
  const say = useSaySaid()
  const form = useForm<UserFormValues, unknown, CreateUserRequest>({
    resolver: zodResolver(createUserFormSchema),
    defaultValues: EMPTY_USER_FORM,
  })
  const createUser = useCreateUser()
  const confirmWrite = useConfirmWrite()

  async function submit(request: CreateUserRequest) {
    const confirmation = await confirmWrite(t`create a user`)
    if (!confirmation) return
    createUser.mutate(
      { user: request, ...confirmation },
      {
        onError: (error) => applyFieldErrors(error, Object.keys(EMPTY_USER_FORM), form.setError),
      },
    )
  }

  const created = createUser.data
  const answer = useIntoView<HTMLDivElement>(created)
  return (
    <Page
      title={i18n._(SCREENS.create.heading)}
      description={t`Register a pending company user. Fields marked * are required.`}
    >
      {created ? (
        <div ref={answer} className="into-view">
          <Notice tone="success">
            <strong>
              <Trans>User created.</Trans>
            </strong>{' '}
            {created.note !== null
              ? say(created.note)
              : t`This is the record as the service returned it.`}
          </Notice>
          <Card
            title={t`Stored record`}
            actions={
              <>
                <a className="button button-secondary" href={hrefFor('edit', created.record.token)}>
                  <Trans>Edit</Trans>
                </a>
                <Button
                  onClick={() => {
                    createUser.reset()
                    form.reset(EMPTY_USER_FORM)
                  }}
                >
                  <Trans>Create another</Trans>
                </Button>
              </>
            }
          >
            <UserDetails record={created.record} />
          </Card>
        </div>
      ) : (
        <Card>
          <Form form={form} label={t`Create user`} onSubmit={(request) => void submit(request)}>
            <UserFields mode="create" />
            {createUser.error ? <ErrorAlert error={errorShape(createUser.error)} /> : null}
            <div className="form-actions">
              <Button type="submit" variant="primary" busy={createUser.isPending}>
                <Trans>Create user</Trans>
              </Button>
            </div>
          </Form>
        </Card>
      )}
    </Page>
  )
}
