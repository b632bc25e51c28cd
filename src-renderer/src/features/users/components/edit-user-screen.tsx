import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import {
  recordToFormValues,
  updateUserFormSchema,
  type UpdateUserRequest,
  type UserFormValues,
  type UserRecord,
} from '@shared/service'
import { Button } from '../../../components/ui/button'
import { ErrorAlert, Notice } from '../../../components/ui/error-alert'
import { Form } from '../../../components/ui/form'
import { Card, Empty, Loading, Page } from '../../../components/ui/page'
import { useConfirmWrite } from '../../../components/write-guard'
import { useTranslateMessage } from '../../../i18n/translate-message'
import { errorShape } from '../../../lib/api'
import { applyFieldErrors } from '../../../lib/field-errors'
import { hrefFor } from '../../../lib/navigation'
import { useUser } from '../api/retrieve-user'
import { useUpdateUser } from '../api/update-user'
import { ChangeSummary } from './change-summary'
import { UserFields } from './user-fields'

/** What Update answered: main's note (English, translated when shown), null when it had none. */
interface Saved {
  note: string | null
}

function EditForm({ record, onSaved }: { record: UserRecord; onSaved: (saved: Saved) => void }) {
  const { t } = useLingui()
  const schema = useMemo(() => updateUserFormSchema(record), [record])
  const form = useForm<UserFormValues, unknown, UpdateUserRequest>({
    resolver: zodResolver(schema),
    defaultValues: recordToFormValues(record),
  })
  const [pending, setPending] = useState<UpdateUserRequest | null>(null)
  const updateUser = useUpdateUser()
  const confirmWrite = useConfirmWrite()

  async function save(changes: UpdateUserRequest) {
    const confirmation = await confirmWrite(t`update a user`)
    if (!confirmation) return
    updateUser.mutate(
      { token: record.token, changes, ...confirmation },
      {
        onSuccess: (result) => {
          setPending(null)
          onSaved({ note: result.note })
        },
        onError: (error) => {
          setPending(null)
          applyFieldErrors(error, Object.keys(recordToFormValues(record)), form.setError)
        },
      },
    )
  }

  return (
    <>
      <Card>
        <Form form={form} label={t`Edit user`} onSubmit={setPending}>
          <UserFields mode="edit" />
          {updateUser.error ? <ErrorAlert error={errorShape(updateUser.error)} /> : null}
          <div className="form-actions">
            <Button type="submit" variant="primary" disabled={pending !== null}>
              <Trans>Review changes</Trans>
            </Button>
          </div>
        </Form>
      </Card>
      {pending ? (
        <Card title={t`Review before saving`}>
          <ChangeSummary record={record} body={pending} />
          <div className="form-actions">
            <Button onClick={() => setPending(null)}>
              <Trans>Back to editing</Trans>
            </Button>
            <Button
              variant="primary"
              busy={updateUser.isPending}
              onClick={() => void save(pending)}
              autoFocus
            >
              <Trans>Save changes</Trans>
            </Button>
          </div>
        </Card>
      ) : null}
    </>
  )
}

export function EditUserScreen({ token }: { token: string | null }) {
  const { t } = useLingui()
  const translateMessage = useTranslateMessage()
  const user = useUser(token)
  const [saved, setSaved] = useState<Saved | null>(null)
  const savedNote = saved
    ? saved.note !== null
      ? translateMessage(saved.note)
      : t`The service returned the updated record; the form shows it.`
    : null
  return (
    <Page
      title={t`Edit a user`}
      description={token ? <code translate="no">{token}</code> : undefined}
    >
      {token === null ? (
        <Empty>
          <Trans>
            Look up a user first, then choose Edit. <a href={hrefFor('lookup')}>Look up</a>
          </Trans>
        </Empty>
      ) : null}
      {user.isLoading ? <Loading label={t`Retrieving the user…`} /> : null}
      {user.error ? <ErrorAlert error={errorShape(user.error)} /> : null}
      {savedNote !== null ? (
        <Notice tone="success">
          <Trans>
            <strong>Saved.</strong> {savedNote} <a href={hrefFor('lookup', token)}>Look it up</a>
          </Trans>
        </Notice>
      ) : null}
      {user.data ? (
        <EditForm key={JSON.stringify(user.data)} record={user.data} onSaved={setSaved} />
      ) : null}
    </Page>
  )
}
