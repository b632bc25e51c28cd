import { join } from 'node:path'
import { said } from '../../../src-shared/messages'
import { describe, expect, it } from 'vitest'
import { suggestMapping } from '../../../src-shared/bulk'
import { scratchFiles } from '../../../test/bulk/scratch-files'
import { inspectCsv } from './csv-input'
import { planFile, planRows } from './plan'

const file = scratchFiles('dry-run').file

describe('mapping and the dry run', () => {
  it('maps Spanish and English headers, and lists the columns it ignores', () => {
    const headers = [
      'DNI/NIE',
      'Nombre',
      'Apellidos',
      'Correo',
      'Móvil',
      'Fecha de nacimiento',
      'Token',
      'Estado',
      'Departamento',
    ]
    expect(suggestMapping(headers, 'create')).toEqual([
      'nid_number',
      'firstname',
      'lastname',
      'email',
      'mobile_phone',
      'birthdate',
      'token',
      'status',
      null,
    ])
    expect(suggestMapping(headers, 'setStatus')).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      'token',
      null,
      null,
    ])
  })

  it('validates every row with the shared rules, as a Spanish spreadsheet writes values', async () => {
    const source = await inspectCsv(
      file(
        [
          'token;estado;dni;móvil;fecha de nacimiento;email;departamento',
          'u-1;2;12.345.678-z;+34 612 34 56 78;17/05/1990;ana@example.com;Ventas',
          'u-2;premium;x-1234567-l;0034-600.111.222;1990-05-17;;Ventas',
          'u-3;9;12345678A;+44 7700 900123;30/02/1990;not-an-email;IT',
          '',
          'u-1;2;;;;;IT',
          ';2;;;;;IT',
        ].join('\n'),
      ),
    )
    const plan = await planFile(source, 'create', suggestMapping(source.headers, 'create'), null)
    expect(plan.summary).toMatchObject({
      rows: 5,
      valid: 2,
      invalid: 3,
      duplicates: 1,
      ignoredColumns: ['departamento'],
    })
    const all = await planRows(plan, { offset: 0, limit: 10, only: 'all' })
    expect(all.rows[0]).toMatchObject({
      row: 2,
      values: { nid_number: '12345678Z', mobile_phone: '612345678', birthdate: '1990-05-17' },
      errors: null,
    })
    expect(all.rows[1]).toMatchObject({
      row: 3,
      values: { status: '2', nid_number: 'X1234567L', mobile_phone: '600111222' },
    })
    const invalid = await planRows(plan, { offset: 0, limit: 10, only: 'invalid' })
    expect(invalid.rows.map((row) => row.row)).toEqual([4, 6, 7])
    expect(Object.keys(invalid.rows[0]?.errors ?? {}).sort()).toEqual([
      'birthdate',
      'email',
      'mobile_phone',
      'nid_number',
      'status',
    ])
    expect(invalid.rows[1]?.errors?.token).toEqual([said('duplicateToken', { row: 2 })])
    expect(invalid.rows[2]?.errors?.token?.[0]?.values).toMatchObject({ field: 'token' })
  })

  it('pages through a long file from its checkpoints', async () => {
    const lines = [
      'token,status',
      ...Array.from({ length: 1000 }, (_, i) => `user-${i},${i % 7 === 0 ? 5 : 2}`),
    ]
    const plan = await planFile(
      await inspectCsv(file(lines.join('\n'))),
      'create',
      ['token', 'status'],
      null,
    )
    const page = await planRows(plan, { offset: 700, limit: 3, only: 'all' })
    expect(page.rows.map((row) => [row.row, row.values.token])).toEqual([
      [702, 'user-700'],
      [703, 'user-701'],
      [704, 'user-702'],
    ])
    const invalid = await planRows(plan, { offset: 100, limit: 2, only: 'invalid' })
    expect(invalid.total).toBe(143)
    expect(invalid.rows.map((row) => row.values.token)).toEqual(['user-700', 'user-707'])
  })

  it('refuses a mapping that misses the token or maps a field twice', async () => {
    const source = await inspectCsv(file('a,b\n1,2\n'))
    await expect(planFile(source, 'create', ['status', 'status'], null)).rejects.toMatchObject({
      message: expect.stringContaining('status is mapped to more than one column'),
    })
    await expect(planFile(source, 'export', [null, null], null)).rejects.toMatchObject({
      message: expect.stringContaining('no column is mapped to token'),
    })
  })
})

describe('the sample file of the README', () => {
  it('reads as the README says: three valid rows and one with an error in each field', async () => {
    const source = await inspectCsv(join(import.meta.dirname, '../../../samples/empleados.csv'))
    expect(source.file).toMatchObject({ encoding: 'utf-8', delimiter: ';' })
    const plan = await planFile(source, 'create', suggestMapping(source.headers, 'create'), null)
    expect(plan.summary).toMatchObject({
      rows: 4,
      valid: 3,
      invalid: 1,
      ignoredColumns: ['Departamento'],
    })
    const [invalid] = (await planRows(plan, { offset: 0, limit: 1, only: 'invalid' })).rows
    expect(Object.keys(invalid?.errors ?? {}).sort()).toEqual([
      'birthdate',
      'email',
      'mobile_phone',
      'nid_number',
      'status',
    ])
  })
})

describe('values as spreadsheets write them', () => {
  it('refuses a bare M or F for gender: Male in English sheets, Mujer in Spanish ones', async () => {
    const source = await inspectCsv(file('token,status,gender\nu-1,2,M\nu-2,2,Mujer\nu-3,2,1\n'))
    const plan = await planFile(source, 'create', ['token', 'status', 'gender'], null)
    const page = await planRows(plan, { offset: 0, limit: 3, only: 'all' })
    expect(page.rows.map((row) => [row.values.gender, row.errors === null])).toEqual([
      ['M', false],
      ['1', true],
      ['1', true],
    ])
  })
})
