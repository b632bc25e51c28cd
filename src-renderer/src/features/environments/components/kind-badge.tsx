import type { EnvironmentKind } from '@shared/environments'

export function KindBadge({ kind }: { kind: EnvironmentKind }) {
  return <span className={`badge badge-kind-${kind}`}>{kind}</span>
}
