import { ErrorAlert } from '../components/ui/error-alert'
import { errorShape } from '../lib/api'
import { useEnvironments } from '../features/environments/api/list-environments'
import { useSelectEnvironment } from '../features/environments/api/select-environment'
import { KindBadge } from '../features/environments/components/kind-badge'

/** Always visible: which environment every call goes to; production is marked in colour. */
export function EnvironmentBar() {
  const environments = useEnvironments()
  const select = useSelectEnvironment()
  const data = environments.data
  const active = data?.environments.find((e) => e.id === data.activeId)
  return (
    <div
      className={`environment-bar environment-${active?.kind ?? 'unknown'}`}
      role="region"
      aria-label="Active environment"
    >
      <label htmlFor="active-environment">Environment</label>
      <select
        id="active-environment"
        value={data?.activeId ?? ''}
        disabled={!data || select.isPending}
        onChange={(e) => select.mutate(e.target.value)}
      >
        {data?.environments.map((environment) => (
          <option key={environment.id} value={environment.id}>
            {environment.name} ({environment.kind})
          </option>
        ))}
      </select>
      {active ? <KindBadge kind={active.kind} /> : null}
      {active?.kind === 'production' ? (
        <strong className="production-warning">Production: writes affect real users</strong>
      ) : null}
      {environments.error ? <ErrorAlert error={errorShape(environments.error)} /> : null}
      {select.error ? <ErrorAlert error={errorShape(select.error)} /> : null}
    </div>
  )
}
