import * as z from 'zod'
import { ruleText } from '../messages/rule-messages'

/** A path as a user types it (the command line, the browser shell), before main checks it. */
export const filePathSchema = z
  .string({ error: ruleText('notText', { field: 'path' }) })
  .min(1, { error: ruleText('notEmpty', { field: 'path' }) })
  .max(4096, { error: ruleText('tooLong', { field: 'path', max: 4096 }) })
  // eslint-disable-next-line no-control-regex
  .refine((value) => !/[\u0000-\u001f]/.test(value), {
    error: ruleText('controlCharacters', { field: 'path' }),
  })
  // A relative path would resolve against the main process's working folder, which the user
  // cannot see: files would land somewhere unexpected.
  .refine((value) => /^(?:\/|[A-Za-z]:[\\/]|\\\\)/.test(value), {
    error: ruleText('fullPath', { field: 'path' }),
  })

/**
 * A file the user chose, as the page names it: the handle of a grant main made when the user
 * chose it. Which file it is, and what it may be used for, main alone knows.
 */
export const fileHandleSchema = z.uuid({ error: ruleText('fileHandle') })
