import { useLingui } from '@lingui/react/macro'
import type { EnvironmentKind } from '@shared/environments'
import { ENVIRONMENT_KIND_LABELS } from '../labels'

export function KindBadge({ kind }: { kind: EnvironmentKind }) {
  const { i18n } = useLingui()
  return <span className={`badge badge-kind-${kind}`}>{i18n._(ENVIRONMENT_KIND_LABELS[kind])}</span>
}
