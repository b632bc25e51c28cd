import { zodResolver } from '@hookform/resolvers/zod'
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
import { errorShape } from '../../../lib/api'
import { applyFieldErrors } from '../../../lib/field-errors'
import { hrefFor } from '../../../lib/navigation'
import { useUser } from '../api/retrieve-user'
import { useUpdateUser } from '../api/update-user'
import { ChangeSummary } from './change-summary'
import { UserFields } from './user-fields'

function EditForm({ record, onSaved }: { record: UserRecord; onSaved: (note: string) => void }) {
  const schema = useMemo(() => updateUserFormSchema(record), [record])
  const form = useForm<UserFormValues, unknown, UpdateUserRequest>({
    resolver: zodResolver(schema),
    defaultValues: recordToFormValues(record),
  })
  const [pending, setPending] = useState<UpdateUserRequest | null>(null)
  const updateUser = useUpdateUser()
  const confirmWrite = useConfirmWrite()

  async function save(changes: UpdateUserRequest) {
    const confirmation = await confirmWrite('update a user')
    if (!confirmation) return
    updateUser.mutate(
      { token: record.token, changes, ...confirmation },
      {
        onSuccess: (result) => {
          setPending(null)
          onSaved(result.note ?? 'The service returned the updated record; the form shows it.')
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
        <Form form={form} label="Edit user" onSubmit={setPending}>
          <UserFields mode="edit" />
          {updateUser.error ? <ErrorAlert error={errorShape(updateUser.error)} /> : null}
          <div className="form-actions">
            <Button type="submit" variant="primary" disabled={pending !== null}>
              Review changes
            </Button>
          </div>
        </Form>
      </Card>
      {pending ? (
        <Card title="Review before saving">
          <ChangeSummary record={record} body={pending} />
          <div className="form-actions">
            <Button onClick={() => setPending(null)}>Back to editing</Button>
            <Button
              variant="primary"
              busy={updateUser.isPending}
              onClick={() => void save(pending)}
              autoFocus
            >
              Save changes
            </Button>
          </div>
        </Card>
      ) : null}
    </>
  )
}

export function EditUserScreen({ token }: { token: string | null }) {
  const user = useUser(token)
  const [savedNote, setSavedNote] = useState<string | null>(null)
  return (
    <Page title="Edit a user" description={token ? <code>{token}</code> : undefined}>
      {token === null ? (
        <Empty>
          Look up a user first, then choose Edit. <a href={hrefFor('lookup')}>Look up</a>
        </Empty>
      ) : null}
      {user.isLoading ? <Loading label="Retrieving the user…" /> : null}
      {user.error ? <ErrorAlert error={errorShape(user.error)} /> : null}
      {savedNote ? (
        <Notice tone="success">
          <strong>Saved.</strong> {savedNote} <a href={hrefFor('lookup', token)}>Look it up</a>
        </Notice>
      ) : null}
      {user.data ? (
        <EditForm key={JSON.stringify(user.data)} record={user.data} onSaved={setSavedNote} />
      ) : null}
    </Page>
  )
}
