import type { MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { FoundUsers, KnownUser, KnownUserSource } from '@shared/known-users'
import { Empty } from '../../../components/ui/page'
import { useFormat } from '../../../i18n/format'
import { FIELD_MESSAGES } from '../../../i18n/field-labels'
import { hrefFor } from '../../../lib/navigation'
import '../find.css'

const SOURCES: Record<KnownUserSource, MessageDescriptor> = {
  read: msg`Looked up`,
  created: msg({ message: 'Created', context: 'where a known user came from' }),
  updated: msg({ message: 'Updated', context: 'where a known user came from' }),
  imported: msg`Imported in bulk`,
}

function nameOf(user: KnownUser): string {
  return [user.firstname, user.lastname].filter((part) => part !== null).join(' ')
}

function Row({ user }: { user: KnownUser }) {
  const { t, i18n } = useLingui()
  const format = useFormat()
  const name = nameOf(user)
  const who = name === '' ? user.token : name
  return (
    <tr>
      <td translate="no">
        {name === '' ? null : <div>{name}</div>}
        <div className="token-line">{user.token}</div>
      </td>
      <td translate="no" className="email-cell">
        {user.email}
      </td>
      <td translate="no" className="nid-cell">
        {user.nid_number}
      </td>
      <td className="seen-cell">
        <span className="badge">{i18n._(SOURCES[user.source])}</span>
        <br />
        <time dateTime={user.lastSeen} className="muted">
          {format.dateTime(user.lastSeen)}
        </time>
      </td>
      <td>
        {/* A fresh Retrieve: what the list holds is only where the console last saw the user. */}
        <a className="button button-secondary" href={hrefFor('lookup', user.token)}>
          <span aria-hidden="true">{t`Look up`}</span>
          <span className="visually-hidden">{t`Look up ${who}`}</span>
        </a>
      </td>
    </tr>
  )
}

/** The matches, most recently seen first, each opening a fresh Look up of its token. */
export function FoundUsersTable({ found, text }: { found: FoundUsers; text: string }) {
  const { t, i18n } = useLingui()
  const format = useFormat()
  if (found.known === 0)
    return (
      <Empty>
        {found.settings.enabled ? (
          <Trans>
            No user is known in this environment yet: users appear here once you look them up,
            create, update or import them.
          </Trans>
        ) : (
          <Trans>The list is off: turn it on above to find users here.</Trans>
        )}
      </Empty>
    )
  if (found.matched === 0)
    return (
      <Empty>
        <Trans>No known user matches “{text}”.</Trans>
      </Empty>
    )
  const shown = format.number(found.matches.length)
  const matched = found.matched
  return (
    <>
      <p className="muted" role="status">
        {t({ message: plural(matched, { one: 'One user matches.', other: '# users match.' }) })}
        {matched > found.matches.length ? (
          <> {t`Showing the ${shown} seen most recently.`}</>
        ) : null}
      </p>
      <table className="table known-users-table" aria-label={t`Known users`}>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Name and token</Trans>
            </th>
            <th scope="col">{i18n._(FIELD_MESSAGES.email)}</th>
            <th scope="col">{i18n._(FIELD_MESSAGES.nid_number)}</th>
            <th scope="col">
              <Trans>Last seen</Trans>
            </th>
            <th scope="col">
              <span className="visually-hidden">
                <Trans>Open</Trans>
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {found.matches.map((user) => (
            <Row key={user.token} user={user} />
          ))}
        </tbody>
      </table>
    </>
  )
}
