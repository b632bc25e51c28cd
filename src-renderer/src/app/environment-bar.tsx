import { Trans, useLingui } from '@lingui/react/macro'
import { ErrorAlert } from '../components/ui/error-alert'
import { errorShape } from '../lib/api'
import { useEnvironments } from '../features/environments/api/list-environments'
import { useSelectEnvironment } from '../features/environments/api/select-environment'
import { KindBadge } from '../features/environments/components/kind-badge'
import { ENVIRONMENT_KIND_LABELS, environmentName } from '../features/environments/labels'

/** Always visible: which environment every call goes to; production is marked in colour. */
export function EnvironmentBar() {
  const { t, i18n } = useLingui()
  const environments = useEnvironments()
  const select = useSelectEnvironment()
  const data = environments.data
  const active = data?.environments.find((e) => e.id === data.activeId)
  return (
    <div
      className={`environment-bar environment-${active?.kind ?? 'unknown'}`}
      role="region"
      aria-label={t`Active environment`}
    >
      <label htmlFor="active-environment">
        <Trans>Environment</Trans>
      </label>
      <select
        id="active-environment"
        value={data?.activeId ?? ''}
        disabled={!data || select.isPending}
        onChange={(e) => select.mutate(e.target.value)}
      >
        {data?.environments.map((environment) => {
          const name = environmentName(environment, i18n)
          const kindLabel = i18n._(ENVIRONMENT_KIND_LABELS[environment.kind])
          return (
            <option key={environment.id} value={environment.id}>
              {t`${name} (${kindLabel})`}
            </option>
          )
        })}
      </select>
      {active ? <KindBadge kind={active.kind} /> : null}
      {active?.kind === 'production' ? (
        <strong className="production-warning">
          <Trans>Production: writes affect real users</Trans>
        </strong>
      ) : null}
      {environments.error ? <ErrorAlert error={errorShape(environments.error)} /> : null}
      {select.error ? <ErrorAlert error={errorShape(select.error)} /> : null}
    </div>
  )
}
