import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { FileGrant } from '@shared/ipc'
import { api, unwrap } from '../../../lib/api'
import { getEnvironmentsQueryOptions } from './list-environments'

/** Writes these environments, without a secret, to the file the user chose to save. */
export function useExportEnvironments() {
  return useMutation({
    mutationFn: (input: { file: FileGrant; ids: string[] }) =>
      unwrap(api().environments.export({ file: input.file.handle, ids: input.ids })),
  })
}

/** What importing the chosen file would do; nothing is written. */
export function useImportPlan() {
  return useMutation({
    mutationFn: (file: FileGrant) => unwrap(api().environments.importPlan({ file: file.handle })),
  })
}

/** Adds the file's new environments and replaces only the ones named in `replace`. */
export function useImportEnvironments() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { file: FileGrant; replace: string[] }) =>
      unwrap(api().environments.import({ file: input.file.handle, replace: input.replace })),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getEnvironmentsQueryOptions().queryKey }),
  })
}
