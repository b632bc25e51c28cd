import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { useForm, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import {
  environmentDraftSchema,
  ENVIRONMENT_KINDS,
  keepsSecrets,
  MAX_RESPONSE_KIB,
  PROXY_MODES,
  SYSTEM_PROXY,
  TIMEOUT_LIMITS,
  type EnvironmentDraft,
  type EnvironmentView,
} from '@shared/environments'
import { USER_TOKEN_SCHEMES } from '@shared/service'
import { Button } from '../../../components/ui/button'
import { ErrorAlert, Notice } from '../../../components/ui/error-alert'
import { Form, SelectField, TextField } from '../../../components/ui/form'
import { errorShape } from '../../../lib/api'
import { applyFieldErrors } from '../../../lib/field-errors'
import { useSaveEnvironment } from '../api/save-environment'
import { ENVIRONMENT_KIND_LABELS, PROXY_MODE_LABELS, USER_TOKEN_SCHEME_LABELS } from '../labels'

const NEW_ENVIRONMENT: EnvironmentDraft = {
  name: '',
  baseUrl: 'https://',
  kind: 'staging',
  userTokenScheme: 'hmac-sha256-hex',
  timeoutMs: TIMEOUT_LIMITS.default,
  maxResponseKiB: MAX_RESPONSE_KIB.default,
  proxy: SYSTEM_PROXY,
}

const FIELDS = [...Object.keys(NEW_ENVIRONMENT), 'proxy.mode', 'proxy.url']

export function EnvironmentForm({
  environment,
  onDone,
}: {
  environment?: EnvironmentView
  onDone: () => void
}) {
  const form = useForm<EnvironmentDraft, unknown, z.output<typeof environmentDraftSchema>>({
    resolver: zodResolver(environmentDraftSchema),
    // The TLS files stay as they are unless the user chooses others (main keeps their paths).
    defaultValues: environment ? { ...environment, tls: undefined } : NEW_ENVIRONMENT,
  })
  const save = useSaveEnvironment()
  const { t, i18n } = useLingui()
  const name = environment?.name
  const [baseUrl, kind, proxyMode] = useWatch({
    control: form.control,
    name: ['baseUrl', 'kind', 'proxy.mode'],
  })
  // Core drops the secrets of an environment whose address or kind changes (they were typed for
  // that server): the user hears it before saving, not after.
  const hasSecrets = Object.values(environment?.secrets ?? {}).some(Boolean)
  const dropsSecrets =
    environment !== undefined && hasSecrets && !keepsSecrets(environment, { baseUrl, kind })
  return (
    <Form
      form={form}
      label={name === undefined ? t`New environment` : t`Edit ${name}`}
      onSubmit={(draft) =>
        save.mutate(draft, {
          onSuccess: onDone,
          onError: (error) => applyFieldErrors(error, FIELDS, form.setError),
        })
      }
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
          description={t`"As this computer is set up" follows the HTTPS_PROXY, HTTP_PROXY, ALL_PROXY and NO_PROXY variables, as curl reads them.`}
        />
        {proxyMode === 'url' ? (
          <TextField
            name="proxy.url"
            label={t`Proxy URL`}
            required
            type="url"
            description={t`Like http://proxy.example:3128, with no name or password in it.`}
          />
        ) : null}
      </div>
      {dropsSecrets ? (
        <Notice tone="warning">
          <Trans>
            A new address or kind removes this environment&apos;s API key, Secret key and userToken
            secret from the keychain: they were set for the old one. Set them again after saving.
          </Trans>
        </Notice>
      ) : null}
      {save.error ? <ErrorAlert error={errorShape(save.error)} /> : null}
      <div className="form-actions">
        <Button onClick={onDone}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" variant="primary" busy={save.isPending}>
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
