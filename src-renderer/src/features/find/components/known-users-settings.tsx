import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { RETENTION_DAYS, retentionDaysSchema, type KnownUsersSettings } from '@shared/known-users'
import { Button } from '../../../components/ui/button'
import { ErrorAlert, Notice } from '../../../components/ui/error-alert'
import { Card } from '../../../components/ui/page'
import { useFormat } from '../../../i18n/format'
import { errorShape } from '../../../lib/api'
import { useForgetKnownUsers, useSaveKnownUsersSettings } from '../api/known-users'

/**
 * What the controls show: the choice just made at once, while it is saved; what main holds again
 * whenever that changes (saved, refused, or changed by another face).
 */
function useShownSettings(held: KnownUsersSettings) {
  const [last, setLast] = useState(held)
  const [shown, setShown] = useState(held)
  if (last.enabled !== held.enabled || last.retentionDays !== held.retentionDays) {
    setLast(held)
    setShown(held)
  }
  return [shown, setShown] as const
}

/** The list's switch, how long it keeps a user, and Forget all (every environment's list). */
export function KnownUsersSettingsCard({ settings }: { settings: KnownUsersSettings }) {
  const { t } = useLingui()
  const id = useId()
  const save = useSaveKnownUsersSettings()
  const [shown, setShown] = useShownSettings(settings)
  const choose = (next: KnownUsersSettings) => {
    setShown(next)
    save.mutate(next, { onError: () => setShown(settings) })
  }
  // Turning the list off and Forget all both forget every environment's users: each asked first,
  // since nothing brings them back.
  const [asking, setAsking] = useState<'off' | 'forget' | null>(null)
  const forget = useForgetKnownUsers()
  const forgotten = forget.data?.forgotten ?? 0
  const count = useFormat().number(forgotten)
  const failure = save.error ?? forget.error

  return (
    <Card title={t`Known users on this computer`}>
      <p>
        <Trans>
          The service finds a user by token only. When the list is on, the console keeps the email,
          DNI/NIE, name and token of each user it looks up, creates, updates or imports, in its data
          folder on this computer, for each environment. It keeps no secret. Turning it off forgets
          every user in it.
        </Trans>
      </p>
      <div className="field field-checkbox known-users-switch">
        <input
          id={`${id}-enabled`}
          type="checkbox"
          checked={shown.enabled}
          disabled={save.isPending}
          onChange={(event) => {
            forget.reset()
            if (event.target.checked) choose({ ...shown, enabled: true })
            else setAsking('off')
          }}
        />
        <label htmlFor={`${id}-enabled`}>
          <Trans>Keep a list of the users this console sees</Trans>
        </label>
      </div>
      {asking === 'off' ? (
        <Confirmation
          id={`${id}-off`}
          question={t`Turn the list off? It forgets every user in it, in every environment.`}
          confirm={t`Turn off and forget`}
          onConfirm={() => choose({ ...shown, enabled: false })}
          onDone={() => setAsking(null)}
        />
      ) : null}
      <div className="inline-form">
        <div className="field">
          <label htmlFor={`${id}-retention`}>
            <Trans>Keep each user for</Trans>
          </label>
          <select
            id={`${id}-retention`}
            value={shown.retentionDays}
            disabled={save.isPending}
            onChange={(event) => {
              const days = retentionDaysSchema.safeParse(Number(event.target.value))
              if (days.success) choose({ ...shown, retentionDays: days.data })
            }}
          >
            {RETENTION_DAYS.map((days) => (
              <option key={days} value={days}>
                {t`${days} days after it was last seen`}
              </option>
            ))}
          </select>
        </div>
        <Button
          variant="danger"
          busy={forget.isPending}
          onClick={() => {
            forget.reset()
            setAsking('forget')
          }}
        >
          <Trans>Forget all (every environment)</Trans>
        </Button>
      </div>
      {asking === 'forget' ? (
        <Confirmation
          id={`${id}-forget`}
          question={t`Forget every user in the list, in every environment? The list stays on.`}
          confirm={t`Forget all`}
          onConfirm={() => forget.mutate()}
          onDone={() => setAsking(null)}
        />
      ) : null}
      {forget.isSuccess ? (
        <Notice tone="success">
          {t({
            message: plural(forgotten, {
              one: `Forgot ${count} user, in every environment.`,
              other: `Forgot ${count} users, in every environment.`,
            }),
          })}
        </Notice>
      ) : null}
      {failure ? <ErrorAlert error={errorShape(failure)} /> : null}
    </Card>
  )
}

/** A question before forgetting, answered by its own button or by keeping the list. */
function Confirmation(props: {
  id: string
  question: string
  confirm: string
  onConfirm: () => void
  onDone: () => void
}) {
  return (
    <div className="known-users-confirm" role="group" aria-labelledby={props.id}>
      <p id={props.id}>{props.question}</p>
      <div className="page-actions">
        <Button
          variant="danger"
          onClick={() => {
            props.onDone()
            props.onConfirm()
          }}
        >
          {props.confirm}
        </Button>
        <Button onClick={props.onDone}>
          <Trans>Keep the list</Trans>
        </Button>
      </div>
    </div>
  )
}
