import * as z from 'zod'
import { ruleText, type RuleMessageKey } from '../messages/rule-messages'
import { SHARED_OPTIONAL_FIELDS } from '../service'

export const BULK_MODES = ['create', 'createOrUpdate', 'update', 'setStatus', 'export'] as const
export const bulkModeSchema = z.enum(BULK_MODES, {
  error: ruleText('choice', { field: 'mode', choices: BULK_MODES.join(', ') }),
})
export type BulkMode = z.output<typeof bulkModeSchema>

const DOES_NOT_READ = {
  create: 'createDoesNotRead',
  createOrUpdate: 'createOrUpdateDoesNotRead',
  update: 'updateDoesNotRead',
  setStatus: 'setStatusDoesNotRead',
  export: 'exportDoesNotRead',
} as const satisfies Record<BulkMode, RuleMessageKey>

/** Every service field a column can hold. */
export const BULK_FIELDS = [
  'token',
  'status',
  ...SHARED_OPTIONAL_FIELDS,
  'mobile_phone',
  'coverage_name',
  'contract_number',
] as const
const bulkFieldSchema = z.enum(BULK_FIELDS, { error: ruleText('notAServiceField') })
export type BulkField = z.output<typeof bulkFieldSchema>

const CREATE_FIELDS: readonly BulkField[] = BULK_FIELDS
const UPDATE_FIELDS: readonly BulkField[] = ['token', 'status', ...SHARED_OPTIONAL_FIELDS]

/** The fields a mode reads from the file; the other columns are listed and ignored. */
export function fieldsForMode(mode: BulkMode): readonly BulkField[] {
  if (mode === 'create' || mode === 'createOrUpdate') return CREATE_FIELDS
  if (mode === 'update') return UPDATE_FIELDS
  return ['token']
}

// Header spellings of Spanish and English spreadsheets, compared after `headerKey` (lower case,
// no accents, single spaces). The service's own field names always match.
const ALIASES: Record<BulkField, readonly string[]> = {
  token: ['id', 'user id', 'usuario', 'id usuario', 'identificador', 'employee id', 'id empleado'],
  status: ['estado', 'user status'],
  email: ['e-mail', 'mail', 'correo', 'correo electronico', 'email address'],
  nid_number: ['nid', 'dni', 'nie', 'dni/nie', 'dni-nie', 'nif', 'documento', 'id number'],
  firstname: ['first name', 'nombre', 'name', 'given name'],
  lastname: ['last name', 'apellidos', 'apellido', 'surname', 'family name'],
  gender: ['genero', 'sexo', 'sex'],
  birthdate: ['birth date', 'date of birth', 'dob', 'fecha de nacimiento', 'fecha nacimiento'],
  description: ['descripcion', 'notes', 'notas'],
  has_video_call: ['video call', 'videollamada'],
  has_video_call_1to1: ['video call 1to1', 'video call 1 to 1', 'videollamada 1a1'],
  company_group_code: ['group code', 'company group', 'codigo de grupo', 'grupo'],
  mobile_phone: ['mobile', 'phone', 'movil', 'telefono', 'telefono movil', 'celular'],
  coverage_name: ['coverage', 'cobertura'],
  contract_number: ['contract', 'contract number', 'contrato', 'numero de contrato'],
}

/** A header as compared with the aliases: `Fecha de Nacimiento ` → `fecha de nacimiento`. */
function headerKey(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[\s_]+/g, ' ')
    .trim()
}

const FIELD_BY_KEY = new Map<string, BulkField>(
  BULK_FIELDS.flatMap((field) => [
    [headerKey(field), field] as const,
    ...ALIASES[field].map((alias) => [headerKey(alias), field] as const),
  ]),
)

/** A column per header: the field it holds, or null (ignored). */
export const columnMappingSchema = z
  .array(bulkFieldSchema.nullable())
  .max(500, { error: ruleText('tooManyColumns', { max: 500 }) })
export type ColumnMapping = z.output<typeof columnMappingSchema>

/**
 * The field each header names, for the fields this mode reads; a field is given to its first
 * column only, and every other column is null.
 */
export function suggestMapping(headers: readonly string[], mode: BulkMode): ColumnMapping {
  const wanted = new Set(fieldsForMode(mode))
  const taken = new Set<BulkField>()
  return headers.map((header) => {
    const field = FIELD_BY_KEY.get(headerKey(header))
    if (field === undefined || !wanted.has(field) || taken.has(field)) return null
    taken.add(field)
    return field
  })
}

/** Why a mapping cannot be used for a mode, or null. */
export function mappingProblem(mapping: ColumnMapping, mode: BulkMode): string | null {
  const wanted = new Set(fieldsForMode(mode))
  const seen = new Set<BulkField>()
  for (const field of mapping) {
    if (field === null) continue
    if (!wanted.has(field)) return ruleText(DOES_NOT_READ[mode], { field })
    if (seen.has(field)) return ruleText('mappedTwice', { field })
    seen.add(field)
  }
  if (!seen.has('token')) return ruleText('notMapped', { field: 'token' })
  if ((mode === 'create' || mode === 'createOrUpdate' || mode === 'update') && !seen.has('status'))
    return ruleText('notMapped', { field: 'status' })
  return null
}
