import * as z from 'zod'
import {
  environmentsExportInputSchema,
  environmentsExportSchema,
  environmentsImportInputSchema,
  environmentsImportPlanInputSchema,
  environmentsImportPlanSchema,
  environmentsImportSchema,
} from './environment-transfer-payloads'
import {
  byRunSchema,
  dryRunInputSchema,
  inspectInputSchema,
  inspectResultSchema,
  planSummarySchema,
  rerunInputSchema,
  resumableRunSchema,
  resumeRunInputSchema,
  rowsInputSchema,
  rowsPageSchema,
  runControlInputSchema,
  runProgressSchema,
  runResultsInputSchema,
  runResultsPageSchema,
  savedFileSchema,
  savePlanFileInputSchema,
  saveRunFileInputSchema,
  startRunInputSchema,
} from '../bulk'
import { environmentDraftSchema, environmentViewSchema, secretStatusSchema } from '../environments'
import {
  findUsersInputSchema,
  forgottenUsersSchema,
  foundUsersSchema,
  knownUsersSettingsSchema,
} from '../known-users'
import { jwtVerificationSchema, userRecordSchema } from '../service'
import {
  activityListSchema,
  appInfoSchema,
  authenticateInputSchema,
  authenticateResultSchema,
  verifyJwtInputSchema,
  byIdSchema,
  clearSecretInputSchema,
  createUserInputSchema,
  environmentListSchema,
  fileChoiceInputSchema,
  fileChoiceSchema,
  fileGrantSchema,
  typedFileInputSchema,
  noInput,
  preferencesChangeSchema,
  preferencesSchema,
  retrieveUserInputSchema,
  setSecretInputSchema,
  updateUserInputSchema,
  userWriteResultSchema,
} from './payloads'
import { connectionTestSchema } from './connection-test'
import type { Channel } from './channels'
import { fileUploadInputSchema, fileUploadSchema } from './file-upload'

/**
 * Every IPC channel, with the schema of what it takes and what it answers. The preload, the main
 * process registration, the renderer client and the e2e bridge are all derived from this table:
 * adding a channel is one row here and one handler in src-main/core/handlers.
 */
export const contract = {
  'app:info': { input: noInput, output: appInfoSchema },
  'preferences:get': { input: noInput, output: preferencesSchema },
  'preferences:set': { input: preferencesChangeSchema, output: preferencesSchema },
  'environments:list': { input: noInput, output: environmentListSchema },
  'environments:save': { input: environmentDraftSchema, output: environmentViewSchema },
  'environments:delete': { input: byIdSchema, output: byIdSchema },
  'environments:select': { input: byIdSchema, output: environmentViewSchema },
  'environments:setSecret': { input: setSecretInputSchema, output: secretStatusSchema },
  'environments:clearSecret': { input: clearSecretInputSchema, output: secretStatusSchema },
  'environments:testConnection': { input: byIdSchema, output: connectionTestSchema },
  'environments:export': {
    input: environmentsExportInputSchema,
    output: environmentsExportSchema,
  },
  'environments:importPlan': {
    input: environmentsImportPlanInputSchema,
    output: environmentsImportPlanSchema,
  },
  'environments:import': {
    input: environmentsImportInputSchema,
    output: environmentsImportSchema,
  },
  'users:create': { input: createUserInputSchema, output: userWriteResultSchema },
  'users:update': { input: updateUserInputSchema, output: userWriteResultSchema },
  'users:retrieve': { input: retrieveUserInputSchema, output: userRecordSchema },
  'users:find': { input: findUsersInputSchema, output: foundUsersSchema },
  'users:knownSettings': { input: noInput, output: knownUsersSettingsSchema },
  'users:setKnownSettings': { input: knownUsersSettingsSchema, output: knownUsersSettingsSchema },
  'users:forgetKnown': { input: noInput, output: forgottenUsersSchema },
  'sessions:authenticate': { input: authenticateInputSchema, output: authenticateResultSchema },
  'sessions:verify': { input: verifyJwtInputSchema, output: jwtVerificationSchema },
  'activity:list': { input: noInput, output: activityListSchema },
  'activity:clear': { input: noInput, output: z.object({ cleared: z.number().int() }) },
  'bulk:inspect': { input: inspectInputSchema, output: inspectResultSchema },
  'bulk:dryRun': { input: dryRunInputSchema, output: planSummarySchema },
  'bulk:rows': { input: rowsInputSchema, output: rowsPageSchema },
  'bulk:saveInvalid': { input: savePlanFileInputSchema, output: savedFileSchema },
  'bulk:start': { input: startRunInputSchema, output: runProgressSchema },
  'bulk:control': { input: runControlInputSchema, output: runProgressSchema },
  'bulk:progress': { input: byRunSchema, output: runProgressSchema },
  'bulk:current': { input: noInput, output: runProgressSchema.nullable() },
  'bulk:saveResults': { input: saveRunFileInputSchema, output: savedFileSchema },
  'bulk:results': { input: runResultsInputSchema, output: runResultsPageSchema },
  'bulk:rerun': { input: rerunInputSchema, output: runProgressSchema },
  'bulk:resumable': { input: noInput, output: z.object({ runs: z.array(resumableRunSchema) }) },
  'bulk:resume': { input: resumeRunInputSchema, output: runProgressSchema },
  'bulk:discard': { input: byRunSchema, output: byRunSchema },
  'files:choose': { input: fileChoiceInputSchema, output: fileChoiceSchema },
  'files:typed': { input: typedFileInputSchema, output: fileGrantSchema },
  'files:upload': { input: fileUploadInputSchema, output: fileUploadSchema },
} as const satisfies Record<Channel, { input: z.ZodType; output: z.ZodType }>

export type Contract = typeof contract

export type ChannelInput<C extends Channel> = z.input<Contract[C]['input']>
export type ParsedInput<C extends Channel> = z.output<Contract[C]['input']>
export type ChannelOutput<C extends Channel> = z.output<Contract[C]['output']>
