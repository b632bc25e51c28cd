import { useId, type ReactNode } from 'react'

export function Page({
  title,
  description,
  actions,
  children,
}: {
  title: string
  description?: ReactNode
  actions?: ReactNode
  children: ReactNode
}) {
  return (
    <section className="page" aria-labelledby="page-title">
      <header className="page-header">
        <div>
          <h1 id="page-title">{title}</h1>
          {description ? <p className="page-description">{description}</p> : null}
        </div>
        {actions ? <div className="page-actions">{actions}</div> : null}
      </header>
      {children}
    </section>
  )
}

/** A titled section; `titleIsData`: the title is the user's own words (a name), not the console's. */
export function Card({
  title,
  titleIsData = false,
  children,
  actions,
}: {
  title?: ReactNode
  titleIsData?: boolean
  children: ReactNode
  actions?: ReactNode
}) {
  const titleId = useId()
  return (
    <section className="card" aria-labelledby={title ? titleId : undefined}>
      {title || actions ? (
        <header className="card-header">
          {title ? (
            <h2 id={titleId} translate={titleIsData ? 'no' : undefined}>
              {title}
            </h2>
          ) : null}
          {actions ? <div className="card-actions">{actions}</div> : null}
        </header>
      ) : null}
      {children}
    </section>
  )
}

export function Loading({ label }: { label: string }) {
  return (
    <p className="loading" role="status">
      <span className="spinner" aria-hidden="true" /> {label}
    </p>
  )
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="empty">{children}</p>
}
