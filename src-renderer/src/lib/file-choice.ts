import { useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import type { FileChoiceRequest, FileGrant } from '@shared/ipc'
import { api, unwrap } from './api'
import { useAppInfo } from './app-info'

/**
 * How this face lets the user give main a file. In the desktop window it is chosen in main's own
 * dialog; the browser shell has none, so a path is typed and main checks it against its rules.
 * Either way the page gets back only a grant: a handle for that file and use, and its name.
 */
export function useFileChoice(dialog: Omit<FileChoiceRequest, 'allFilesName'>) {
  const { t } = useLingui()
  // A face that turns out to have no dialog after all says so: its user types the path instead.
  const [dialogMissing, setDialogMissing] = useState(false)
  const hasDialog = useAppInfo().data?.face === 'electron' && !dialogMissing
  const choose = useMutation({
    mutationFn: () => unwrap(api().files.choose({ ...dialog, allFilesName: t`All files` })),
    onSuccess: (choice) => {
      if (!choice.available) setDialogMissing(true)
    },
  })
  const typed = useMutation({
    mutationFn: (path: string) =>
      unwrap(api().files.typed({ purpose: dialog.purpose, format: dialog.format, path })),
  })
  /** Opens the dialog; a file chosen in it is handed on, a closed dialog changes nothing. */
  const chooseThen = (onChosen: (file: FileGrant) => void) =>
    choose.mutate(undefined, {
      onSuccess: (choice) => {
        if (choice.file !== null) onChosen(choice.file)
      },
    })
  return { hasDialog, choose, chooseThen, typed }
}
