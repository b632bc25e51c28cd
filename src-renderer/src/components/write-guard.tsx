import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import { Button } from './ui/button'

export interface GuardedEnvironment {
  name: string
  kind: string
}

/**
 * What a confirmed write sends along: on production the environment's name, which the main
 * process checks again (a page that skipped this dialog is refused there too).
 */
export type WriteConfirmation = { confirmEnvironment?: string }
/** `target`: the environment written to, when it is not the active one (a resumed bulk run). */
type ConfirmWrite = (
  action: string,
  target?: GuardedEnvironment,
) => Promise<WriteConfirmation | null>
const WriteGuardContext = createContext<ConfirmWrite>(() => Promise.resolve({}))

/** Asks before a write (null: cancelled); on production the user must type its name. */
export function useConfirmWrite(): ConfirmWrite {
  return useContext(WriteGuardContext)
}

export function WriteGuardProvider({
  environment,
  children,
}: {
  environment: GuardedEnvironment | undefined
  children: ReactNode
}) {
  const [pending, setPending] = useState<{
    action: string
    target: GuardedEnvironment
    resolve: (confirmation: WriteConfirmation | null) => void
  } | null>(null)
  const [typed, setTyped] = useState('')
  const returnFocus = useRef<Element | null>(null)

  const confirmWrite = useCallback<ConfirmWrite>(
    (action, target = environment) => {
      if (target?.kind !== 'production') return Promise.resolve({})
      returnFocus.current = document.activeElement
      setTyped('')
      return new Promise((resolve) => setPending({ action, target, resolve }))
    },
    [environment],
  )

  function close(ok: boolean) {
    pending?.resolve(ok ? { confirmEnvironment: pending.target.name } : null)
    setPending(null)
    if (returnFocus.current instanceof HTMLElement) returnFocus.current.focus()
  }

  const value = useMemo(() => confirmWrite, [confirmWrite])
  const matches = pending !== null && typed.trim() === pending.target.name
  return (
    <WriteGuardContext.Provider value={value}>
      {children}
      {pending ? (
        <div className="dialog-backdrop">
          <div
            className="dialog"
            role="alertdialog"
            aria-modal="true"
            aria-labelledby="confirm-title"
            aria-describedby="confirm-description"
            onKeyDown={(e) => {
              if (e.key === 'Escape') close(false)
            }}
          >
            <h2 id="confirm-title">Write to production?</h2>
            <p id="confirm-description">
              You are about to <strong>{pending.action}</strong> on{' '}
              <strong>{pending.target.name}</strong>, a production environment. Type its name to
              confirm.
            </p>
            <form
              onSubmit={(e) => {
                e.preventDefault()
                if (matches) close(true)
              }}
            >
              <label htmlFor="confirm-name">Environment name</label>
              <input
                id="confirm-name"
                autoFocus
                autoComplete="off"
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
              />
              <div className="dialog-actions">
                <Button onClick={() => close(false)}>Cancel</Button>
                <Button type="submit" variant="danger" disabled={!matches}>
                  Confirm write
                </Button>
              </div>
            </form>
          </div>
        </div>
      ) : null}
    </WriteGuardContext.Provider>
  )
}
