import { lazy, type ComponentType } from 'react'

/** A screen whose code comes in a chunk of its own, fetched the first time it is needed. */
export interface LazyScreen<Props extends object> {
  (props: Props): React.JSX.Element
  /**
   * Starts fetching the code, and settles once it is here or has failed: the same promise on
   * every call, so that React's `use` can wait on it.
   */
  ready: () => Promise<void>
}

/**
 * `React.lazy` suspends on a component's first render even when its code is already here; a
 * screen whose code is ready renders straight away instead, with no "Opening…" in between.
 */
export function lazyScreen<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): LazyScreen<Props> {
  let loaded: ComponentType<Props> | undefined
  let loading: Promise<ComponentType<Props>> | undefined
  let settled: Promise<void> | undefined
  const fetchCode = () => (loading ??= load().then((component) => (loaded = component)))
  const Lazy = lazy(() => fetchCode().then((component) => ({ default: component })))
  function Screen(props: Props) {
    const Component = loaded ?? Lazy
    return <Component {...props} />
  }
  const ready = () =>
    (settled ??= fetchCode().then(
      () => undefined,
      () => undefined,
    ))
  return Object.assign(Screen, { ready })
}
