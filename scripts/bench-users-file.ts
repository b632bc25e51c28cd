// `npm run bench`, bulk parts: the users' CSV files they read, as an integrator's export looks.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { BulkField } from '../src-shared/bulk'

/** The columns of `usersFile`, in order, as the service names them. */
export const USERS_FILE_MAPPING = [
  'token',
  'status',
  'firstname',
  'lastname',
  'nid_number',
  'mobile_phone',
  'birthdate',
] as const satisfies BulkField[]

export function usersFile(dir: string, name: string, prefix: string, rows: number): string {
  const path = join(dir, name)
  const lines = ['token;estado;nombre;apellidos;dni;móvil;fecha de nacimiento']
  for (let i = 0; i < rows; i++)
    lines.push(`${prefix}-${i};2;Begoña;Muñoz Peña;12.345.678-z;+34 612 34 56 78;17/05/1990`)
  writeFileSync(path, `${lines.join('\r\n')}\r\n`)
  return path
}
