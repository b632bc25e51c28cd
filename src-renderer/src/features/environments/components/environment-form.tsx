import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useForm, useWatch, type Resolver } from 'react-hook-form'
import type * as z from 'zod'
import {
  draftKeepsSecrets,
  environmentDraftSchema,
  ENVIRONMENT_KINDS,
  MAX_RESPONSE_KIB,
  PROXY_MODES,
  SYSTEM_PROXY,
  TIMEOUT_LIMITS,
  type EnvironmentDraft,
  type EnvironmentView,
} from '@shared/environments'
import { USER_TOKEN_SCHEMES } from '@shared/service'
import { Button } from '../../../components/ui/button'
import { Notice } from '../../../components/ui/error-alert'
import { Form, SelectField, TextField } from '../../../components/ui/form'
import { applyFieldErrors } from '../../../lib/field-errors'
import { useSaveEnvironment } from '../api/save-environment'
import { ENVIRONMENT_KIND_LABELS, PROXY_MODE_LABELS, USER_TOKEN_SCHEME_LABELS } from '../labels'
import { TLS_ERROR_PATHS, tlsChoiceOf, tlsDraftOf, type TlsChoice } from '../tls-choice'
import { SaveError } from './save-error'
import { TlsFields } from './tls-fields'

const NEW_ENVIRONMENT: EnvironmentDraft = {
  name: '',
  baseUrl: 'https://',
  kind: 'staging',
  userTokenScheme: 'hmac-sha256-hex',
  timeoutMs: TIMEOUT_LIMITS.default,
  maxResponseKiB: MAX_RESPONSE_KIB.default,
  proxy: SYSTEM_PROXY,
}

const FIELDS = [
  ...Object.keys(NEW_ENVIRONMENT),
  'proxy.mode',
  'proxy.url',
  'proxy.username',
  ...TLS_ERROR_PATHS,
]

type DraftOutput = z.output<typeof environmentDraftSchema>
const draftResolver = zodResolver(environmentDraftSchema)

/** A proxy user name left empty is no user name: the schema wants null, not "". */
const resolver: Resolver<EnvironmentDraft, unknown, DraftOutput> = (values, context, options) =>
  draftResolver(
    values.proxy?.mode === 'url' && values.proxy.username?.trim() === ''
      ? { ...values, proxy: { ...values.proxy, username: null } }
      : values,
    context,
    options,
  )

export function EnvironmentForm({
  environment,
  onDone,
}: {
  environment?: EnvironmentView
  onDone: () => void
}) {
  const form = useForm<EnvironmentDraft, unknown, DraftOutput>({
    resolver,
    // The TLS files are held apart (below): the page knows them by name, main by path.
    defaultValues: environment ? { ...environment, tls: undefined } : NEW_ENVIRONMENT,
  })
  const [tls, setTls] = useState<TlsChoice>(() => tlsChoiceOf(environment?.tls))
  const [missing, setMissing] = useState<ReturnType<typeof tlsDraftOf>['missing']>()
  const save = useSaveEnvironment()
  const { t, i18n } = useLingui()
  const name = environment?.name
  const [baseUrl, kind, proxyMode, proxyUrl, proxyUsername] = useWatch({
    control: form.control,
    name: ['baseUrl', 'kind', 'proxy.mode', 'proxy.url', 'proxy.username'],
  })
  // Core drops the secrets of an environment whose route changes (address, kind, proxy, CA file,
  // client certificate: they were typed for that route): the user hears it before saving.
  const hasSecrets = Object.values(environment?.secrets ?? {}).some(Boolean)
  const tlsDraft = tlsDraftOf(tls).draft
  const dropsSecrets =
    environment !== undefined &&
    hasSecrets &&
    (tlsDraft === undefined ||
      !draftKeepsSecrets(environment, {
        baseUrl,
        kind,
        proxy: { mode: proxyMode ?? 'system', url: proxyUrl, username: proxyUsername },
        tls: tlsDraft,
      }))
  return (
    <Form
      form={form}
      label={name === undefined ? t`New environment` : t`Edit ${name}`}
      onSubmit={(draft) => {
        const built = tlsDraftOf(tls)
        setMissing(built.missing)
        if (built.draft === undefined) return
        save.mutate(
          { ...draft, tls: built.draft },
          {
            onSuccess: onDone,
            onError: (error) => applyFieldErrors(error, FIELDS, form.setError),
          },
        )
      }}
    >
      <div className="grid">
        <TextField name="name" label={t`Name`} required />
        <TextField
          name="baseUrl"
          label={t`Base URL`}
          required
          type="url"
          description={t`https://, or http:// on this machine only (not for production)`}
        />
        <SelectField
          name="kind"
          label={t`Kind`}
          options={ENVIRONMENT_KINDS.map((k) => ({
            value: k,
            label: i18n._(ENVIRONMENT_KIND_LABELS[k]),
          }))}
          description={t`Production asks for confirmation before any write.`}
        />
        <SelectField
          name="userTokenScheme"
          label={t`userToken scheme`}
          options={USER_TOKEN_SCHEMES.map((s) => ({
            value: s,
            label: i18n._(USER_TOKEN_SCHEME_LABELS[s]),
          }))}
        />
        <TextField name="timeoutMs" label={t`Timeout (ms)`} type="number" valueAsNumber />
        <TextField
          name="maxResponseKiB"
          label={t`Largest answer (KiB)`}
          type="number"
          valueAsNumber
          description={t`A longer answer is not read: the call stops with an error.`}
        />
        <SelectField
          name="proxy.mode"
          label={t`Proxy`}
          options={PROXY_MODES.map((mode) => ({
            value: mode,
            label: i18n._(PROXY_MODE_LABELS[mode]),
          }))}
          description={t`"As this computer is set up" follows the system's proxy settings (a PAC file included) in the desktop app, and the HTTPS_PROXY, HTTP_PROXY, ALL_PROXY and NO_PROXY variables in the browser and the command line.`}
        />
        {proxyMode === 'url' ? (
          <TextField
            name="proxy.url"
            label={t`Proxy URL`}
            required
            type="url"
            description={t`Like http://proxy.example:3128 or socks5h://proxy.example:1080, with no name or password in it.`}
          />
        ) : null}
        {proxyMode === 'url' ? (
          <TextField
            name="proxy.username"
            label={t`Proxy user name`}
            description={t`Only for a proxy that asks for one. Its password is set with the other secrets, after saving.`}
          />
        ) : null}
      </div>
      <TlsFields
        choice={tls}
        missing={missing ?? {}}
        onChange={(change) => {
          setTls((before) => ({ ...before, ...change }))
          // A file chosen answers its own request; a new mode asks anew on the next save.
          setMissing((asked) =>
            asked === undefined || 'clientMode' in change
              ? undefined
              : Object.fromEntries(Object.entries(asked).filter(([slot]) => !(slot in change))),
          )
        }}
      />
      {dropsSecrets ? (
        <Notice tone="warning">
          <Trans>
            A new address, kind, proxy, CA file or client certificate removes this
            environment&apos;s secrets from the keychain: they were set for the old route. Set them
            again after saving.
          </Trans>
        </Notice>
      ) : null}
      {save.error ? <SaveError error={save.error} fields={FIELDS} /> : null}
      <div className="form-actions">
        <Button onClick={onDone}>
          <Trans>Cancel</Trans>
        </Button>
        <Button
          type="submit"
          variant="primary"
          busy={save.isPending}
          // Before the other fields are checked, so that every missing thing is said at once.
          onClick={() => setMissing(tlsDraftOf(tls).missing)}
        >
          {dropsSecrets ? (
            <Trans>Save and remove secrets</Trans>
          ) : environment ? (
            <Trans>Save environment</Trans>
          ) : (
            <Trans>Add environment</Trans>
          )}
        </Button>
      </div>
    </Form>
  )
}
