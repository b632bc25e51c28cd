import { Fragment } from 'react'

/**
 * A long identifier (a UUID, a hash, a JWT) that wraps only between its groups: after a hyphen
 * or a dot, or every `every` characters of a run without one. Copying it copies it whole.
 */
export function GroupedValue({ value, every = 8 }: { value: string; every?: number }) {
  const groups = value.match(new RegExp(`[^.-]{1,${every}}[.-]?|[.-]`, 'g')) ?? [value]
  return (
    <code className="grouped" translate="no">
      {groups.map((group, index) => (
        <Fragment key={index}>
          {group}
          <wbr />
        </Fragment>
      ))}
    </code>
  )
}
