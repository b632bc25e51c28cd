import { useId, useState, type ReactNode } from 'react'
import { Button } from '../../../components/ui/button'

/**
 * A file path typed by the user, with the action that uses it. The page never touches the file
 * system: main reads or writes the path it is given.
 */
export function PathField({
  label,
  description,
  action,
  busy,
  initial = '',
  onSubmit,
}: {
  label: string
  description?: ReactNode
  action: string
  busy?: boolean
  initial?: string
  onSubmit: (path: string) => void
}) {
  const [path, setPath] = useState(initial)
  const id = useId()
  return (
    <form
      className="path-field"
      onSubmit={(event) => {
        event.preventDefault()
        if (path.trim() !== '') onSubmit(path.trim())
      }}
    >
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          type="text"
          value={path}
          spellCheck={false}
          autoComplete="off"
          aria-describedby={description ? `${id}-description` : undefined}
          onChange={(event) => setPath(event.target.value)}
        />
        {description ? (
          <p className="field-description" id={`${id}-description`}>
            {description}
          </p>
        ) : null}
      </div>
      <Button type="submit" busy={busy === true} disabled={path.trim() === ''}>
        {action}
      </Button>
    </form>
  )
}
