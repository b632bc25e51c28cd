import { useEffect, useRef, type RefObject } from 'react'

/**
 * The answer to an action (a record created, a save, a session, a refusal) brought into view when
 * it arrives: the user pressed a button at the bottom of a long form and must not have to look
 * for what it did. Its own role (status, alert) announces it.
 */
export function useIntoView<T extends HTMLElement>(answer: unknown): RefObject<T | null> {
  const ref = useRef<T>(null)
  useEffect(() => {
    if (answer) ref.current?.scrollIntoView({ block: 'start' })
  }, [answer])
  return ref
}
