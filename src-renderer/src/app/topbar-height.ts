import { useLayoutEffect, type RefObject } from 'react'

/**
 * Keeps the shell's --topbar-height at the top bar's height, however its contents wrap or change
 * (a production warning, a longer language): the side navigation sticks right below it.
 */
export function useTopbarHeight(
  shell: RefObject<HTMLElement | null>,
  topbar: RefObject<HTMLElement | null>,
): void {
  useLayoutEffect(() => {
    const root = shell.current
    const bar = topbar.current
    if (!root || !bar) return
    const measure = () => root.style.setProperty('--topbar-height', `${bar.offsetHeight}px`)
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(bar)
    return () => observer.disconnect()
  }, [shell, topbar])
}
