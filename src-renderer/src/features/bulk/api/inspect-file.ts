import { useMutation } from '@tanstack/react-query'
import { api, unwrap } from '../../../lib/api'

export function useInspectFile() {
  return useMutation({ mutationFn: (file: string) => unwrap(api().bulk.inspect({ file })) })
}
