import { Trans } from '@lingui/react/macro'
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
  return (
    <WriteGuardContext.Provider value={value}>
      {children}
      {pending ? (
        <ProductionConfirmation
          action={pending.action}
          environmentName={pending.target.name}
          typed={typed}
          onType={setTyped}
          onClose={close}
        />
      ) : null}
    </WriteGuardContext.Provider>
  )
}

function ProductionConfirmation({
  action,
  environmentName,
  typed,
  onType,
  onClose,
}: {
  action: string
  environmentName: string
  typed: string
  onType: (typed: string) => void
  onClose: (ok: boolean) => void
}) {
  const matches = typed.trim() === environmentName
  return (
    <div className="dialog-backdrop">
      {/* Escape closes the dialog from whichever of its controls has focus (WAI-ARIA's dialog
          pattern): the dialog listens for it. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="confirm-title"
        aria-describedby="confirm-description"
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose(false)
        }}
      >
        <h2 id="confirm-title">
          <Trans>Write to production?</Trans>
        </h2>
        {/* The name on a line of its own, quoted and isolated: whatever it holds cannot run
            into the warning or turn it around. */}
        <div id="confirm-description">
          <p>
            <Trans>
              You are about to <strong>{action}</strong> on this production environment:
            </Trans>
          </p>
          <p translate="no">
            <strong>
              <Trans>
                "<bdi>{environmentName}</bdi>"
              </Trans>
            </strong>
          </p>
          <p>
            <Trans>Type its name to confirm.</Trans>
          </p>
        </div>
        <form
          onSubmit={(e) => {
            e.preventDefault()
            if (matches) onClose(true)
          }}
        >
          <label htmlFor="confirm-name">
            <Trans>Environment name</Trans>
          </label>
          <input
            id="confirm-name"
            autoFocus
            autoComplete="off"
            translate="no"
            value={typed}
            onChange={(e) => onType(e.target.value)}
          />
          <div className="dialog-actions">
            <Button onClick={() => onClose(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" variant="danger" disabled={!matches}>
              <Trans>Confirm write</Trans>
            </Button>
          </div>
        </form>
      </div>
    </div>
  )
}
