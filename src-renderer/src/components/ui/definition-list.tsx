import type { ReactNode } from 'react'

export interface Definition {
  term: string
  value: ReactNode
  hint?: string
  /** The term is an API name (userHash, sessionToken): the same in every language. */
  literalTerm?: boolean
  /** Takes a whole row: for long values such as a JWT. */
  wide?: boolean
}

/** Label / value pairs, as a real description list so assistive tech reads them as pairs. */
export function DefinitionList({ items }: { items: Definition[] }) {
  return (
    <dl className="definitions">
      {items.map((item) => (
        <div key={item.term} className={item.wide ? 'definition definition-wide' : 'definition'}>
          <dt translate={item.literalTerm ? 'no' : undefined}>{item.term}</dt>
          <dd>
            {item.value}
            {item.hint ? <span className="hint"> {item.hint}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  )
}
