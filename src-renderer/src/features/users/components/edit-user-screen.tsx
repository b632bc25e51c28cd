import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import { useForm, type Resolver } from 'react-hook-form'
import {
  recordToFormValues,
  settledRecord,
  updateUserFormSchema,
  type ConflictChoices,
  type UpdateConflict,
  type UpdateUserRequest,
  type UserFormValues,
  type UserRecord,
} from '@shared/service'
import { Button } from '../../../components/ui/button'
import { ErrorAlert, Notice } from '../../../components/ui/error-alert'
import { Form } from '../../../components/ui/form'
import { Card, Loading, Page } from '../../../components/ui/page'
import { useConfirmWrite } from '../../../components/write-guard'
import { useSaySaid } from '../../../i18n/translate-message'
import type { Said } from '@shared/messages/said'
import { ApiError, errorShape } from '../../../lib/api'
import { applyFieldErrors } from '../../../lib/field-errors'
import { useIntoView } from '../../../lib/into-view'
import { hrefFor } from '../../../lib/navigation'
import { useReadNow, useUser } from '../api/retrieve-user'
import { useUpdateUser } from '../api/update-user'
import { ChangeSummary } from './change-summary'
import { ConflictReview } from './conflict-review'
import { ReadStamp } from './read-stamp'
import { TokenPrompt } from './token-prompt'
import { UserFields } from './user-fields'
import { SCREENS } from '../../../lib/screens'

/** What Update answered: main's note (English, translated when shown), null when it had none. */
interface Saved {
  note: Said | null
}

function conflictOf(error: unknown): UpdateConflict | null {
  return error instanceof ApiError ? (error.shape.conflict ?? null) : null
}

/**
 * The form over `record`, as read when it opened. A Save is sent with that record as its base:
 * if the service holds something else by then, main sends nothing and the three states are shown.
 */
function EditForm({ record, onSaved }: { record: UserRecord; onSaved: (saved: Saved) => void }) {
  const { t } = useLingui()
  const [base, setBase] = useState(record)
  // The schema compares with the base, which a settled conflict moves to what the service holds.
  const baseRef = useRef(base)
  const resolver: Resolver<UserFormValues, unknown, UpdateUserRequest> = (values, context, opts) =>
    zodResolver(updateUserFormSchema(baseRef.current))(values, context, opts)
  const form = useForm<UserFormValues, unknown, UpdateUserRequest>({
    resolver,
    defaultValues: recordToFormValues(record),
  })
  const [pending, setPending] = useState<UpdateUserRequest | null>(null)
  const readNow = useReadNow()
  const updateUser = useUpdateUser()
  const confirmWrite = useConfirmWrite()
  const conflict = conflictOf(updateUser.error)
  const review = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (pending) review.current?.scrollIntoView({ block: 'nearest' })
  }, [pending])

  // The review compares with what the service holds now, not with the read the form opened over.
  function reviewChanges(changes: UpdateUserRequest) {
    setPending(changes)
    readNow.mutate(baseRef.current.token)
  }

  async function save(changes: UpdateUserRequest) {
    const confirmation = await confirmWrite(t`update a user`)
    if (!confirmation) return
    updateUser.mutate(
      { token: base.token, changes, base, ...confirmation },
      {
        onSuccess: (result) => {
          setPending(null)
          onSaved({ note: result.note })
        },
        onError: (error) => {
          setPending(null)
          applyFieldErrors(error, Object.keys(recordToFormValues(base)), form.setError)
        },
      },
    )
  }

  function settle(settledOver: UpdateConflict, choices: ConflictChoices) {
    baseRef.current = settledOver.current
    setBase(settledOver.current)
    form.reset(recordToFormValues(settledRecord(settledOver, choices)))
    updateUser.reset()
    void form.handleSubmit(reviewChanges)()
  }

  return (
    <>
      <Card>
        <Form form={form} label={t`Edit user`} onSubmit={reviewChanges}>
          <UserFields mode="edit" />
          {updateUser.error && !conflict ? (
            <ErrorAlert error={errorShape(updateUser.error)} />
          ) : null}
          <div className="form-actions">
            <Button
              type="submit"
              variant="primary"
              disabled={pending !== null || conflict !== null}
            >
              <Trans>Review changes</Trans>
            </Button>
          </div>
        </Form>
      </Card>
      {conflict ? (
        <ConflictReview conflict={conflict} onSettled={(choices) => settle(conflict, choices)} />
      ) : null}
      {pending ? (
        <div ref={review}>
          <Card title={t`Review before saving`}>
            {readNow.isPending ? (
              <Loading label={t`Reading what the service holds now…`} />
            ) : (
              <>
                {readNow.error ? (
                  <ErrorAlert
                    error={errorShape(readNow.error)}
                    title={t`Could not read the user again`}
                  />
                ) : null}
                <ChangeSummary now={readNow.data ?? null} opened={base} body={pending} />
              </>
            )}
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
        </div>
      ) : null}
    </>
  )
}

export function EditUserScreen({ token }: { token: string | null }) {
  const { t, i18n } = useLingui()
  const say = useSaySaid()
  const user = useUser(token)
  const [saved, setSaved] = useState<Saved | null>(null)
  const savedNotice = useIntoView<HTMLDivElement>(saved)
  const savedNote = saved
    ? saved.note !== null
      ? say(saved.note)
      : t`The service returned the updated record; the form shows it.`
    : null
  return (
    <Page
      title={i18n._(SCREENS.edit.heading)}
      description={token ? <code translate="no">{token}</code> : undefined}
    >
      {token === null ? <TokenPrompt screen="edit" label={t`Edit`} /> : null}
      {user.isLoading ? <Loading label={t`Retrieving the user…`} /> : null}
      {user.error ? <ErrorAlert error={errorShape(user.error)} /> : null}
      {savedNote !== null ? (
        <div ref={savedNotice} className="into-view">
          <Notice tone="success">
            <Trans>
              <strong>Saved.</strong> {savedNote} <a href={hrefFor('lookup', token)}>Look it up</a>
            </Trans>
          </Notice>
        </div>
      ) : null}
      {user.data ? (
        <>
          <ReadStamp query={user} />
          {/* A fresh read is a fresh form: what the service holds now, as the base of the next Save. */}
          <EditForm key={user.dataUpdatedAt} record={user.data} onSaved={setSaved} />
        </>
      ) : null}
    </Page>
  )
}
