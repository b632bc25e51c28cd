import { Trans, useLingui } from '@lingui/react/macro'
import { ENVIRONMENT_KINDS } from '@shared/environments'
import { ErrorAlert } from '../components/ui/error-alert'
import { errorShape } from '../lib/api'
import { useEnvironments } from '../features/environments/api/list-environments'
import { useSelectEnvironment } from '../features/environments/api/select-environment'
import { KindBadge } from '../features/environments/components/kind-badge'
import { ENVIRONMENT_KIND_LABELS } from '../features/environments/labels'
import { environmentName } from '../lib/environment-name'

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
        {/* Grouped by kind: each name is said once, its kind by its group. */}
        {ENVIRONMENT_KINDS.map((kind) => {
          const ofKind = data?.environments.filter((environment) => environment.kind === kind)
          if (!ofKind?.length) return null
          return (
            <optgroup key={kind} label={i18n._(ENVIRONMENT_KIND_LABELS[kind])}>
              {ofKind.map((environment) => (
                <option
                  key={environment.id}
                  value={environment.id}
                  // A name the user gave is data; the built-in one is the console's words.
                  translate={environment.builtIn ? undefined : 'no'}
                >
                  {environmentName(environment, i18n)}
                </option>
              ))}
            </optgroup>
          )
        })}
      </select>
      {/* Production is named by its warning: the kind said once, in red. */}
      {active && active.kind !== 'production' ? <KindBadge kind={active.kind} /> : null}
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
