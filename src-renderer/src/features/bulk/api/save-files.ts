import { useMutation } from '@tanstack/react-query'
import type { ChannelInput } from '@shared/ipc'
import { useLanguage } from '../../../i18n/language-provider'
import { api, unwrap } from '../../../lib/api'

// The files' messages are said in the page's language (their column names stay English).

/** The dry run's invalid rows, with the reason of each. */
export function useSaveInvalid() {
  const { language } = useLanguage()
  return useMutation({
    mutationFn: (input: Omit<ChannelInput<'bulk:saveInvalid'>, 'language'>) =>
      unwrap(api().bulk.saveInvalid({ ...input, language })),
  })
}

/** An ended run's rows and what became of each. */
export function useSaveResults() {
  const { language } = useLanguage()
  return useMutation({
    mutationFn: (input: Omit<ChannelInput<'bulk:saveResults'>, 'language'>) =>
      unwrap(api().bulk.saveResults({ ...input, language })),
  })
}
