// What PostgREST calls its schema cache: the tables, columns and functions of the exposed schema, read from
// the catalog once after the migrations ran. rest.ts accepts no identifier that is not in here, so a request
// can only ever name real tables, columns and functions; type names used in casts come from here too.
import type { Database } from './db.ts'

export const EXPOSED_SCHEMA = 'public'

export interface Column {
  name: string
  /** format_type() of the column, e.g. "uuid", "timestamp with time zone"; used in casts, never from input. */
  type: string
}

export interface Table {
  name: string
  columns: Map<string, Column>
  primaryKey: string[]
}

export interface FunctionArg {
  name: string
  type: string
  /** Element type when the argument is an array (JSON arrays are turned into it), else null. */
  elementType: string | null
  hasDefault: boolean
}

export interface RpcFunction {
  name: string
  args: FunctionArg[]
  returnsSet: boolean
  returnsVoid: boolean
  /** Functions returning rows (setof or a table type) are answered as arrays of objects. */
  returnsRows: boolean
}

export interface SchemaCache {
  tables: Map<string, Table>
  functions: Map<string, RpcFunction>
}

export async function loadSchemaCache(db: Database): Promise<SchemaCache> {
  return db.transaction(async (tx) => {
    const columns = await tx.query<{ table_name: string; name: string; type: string; is_pk: boolean }>(
      `select c.relname as table_name, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
              coalesce(a.attnum = any(pk.indkey::int2[]), false) as is_pk
         from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
         join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
         left join pg_index pk on pk.indrelid = c.oid and pk.indisprimary
        where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'p', 'f')
        order by c.relname, a.attnum`,
      [EXPOSED_SCHEMA],
    )
    const tables = new Map<string, Table>()
    for (const column of columns.rows) {
      let table = tables.get(column.table_name)
      if (!table) {
        table = { name: column.table_name, columns: new Map(), primaryKey: [] }
        tables.set(table.name, table)
      }
      table.columns.set(column.name, { name: column.name, type: column.type })
      if (column.is_pk) table.primaryKey.push(column.name)
    }

    const functions = await tx.query<{
      name: string
      arg_names: string[] | null
      arg_types: string[]
      element_types: (string | null)[]
      defaults: number
      returns_set: boolean
      return_type: string
      returns_rows: boolean
    }>(
      `select p.proname as name, p.proargnames as arg_names,
              array(select format_type(t, null) from unnest(p.proargtypes::oid[]) with ordinality u (t, i) order by i) as arg_types,
              array(select case when ty.typelem <> 0 and ty.typcategory = 'A' then format_type(ty.typelem, null) end
                      from unnest(p.proargtypes::oid[]) with ordinality u (t, i) join pg_type ty on ty.oid = u.t order by i) as element_types,
              p.pronargdefaults as defaults, p.proretset as returns_set,
              format_type(p.prorettype, null) as return_type,
              rt.typtype = 'c' or p.proretset as returns_rows
         from pg_proc p
         join pg_namespace n on n.oid = p.pronamespace
         join pg_type rt on rt.oid = p.prorettype
        where n.nspname = $1 and p.prokind = 'f' and rt.typname not in ('trigger', 'event_trigger')`,
      [EXPOSED_SCHEMA],
    )
    const rpc = new Map<string, RpcFunction>()
    for (const fn of functions.rows) {
      const firstDefault = fn.arg_types.length - fn.defaults
      rpc.set(fn.name, {
        name: fn.name,
        args: fn.arg_types.map((type, i) => ({
          name: fn.arg_names?.[i] ?? '',
          type,
          elementType: fn.element_types[i] ?? null,
          hasDefault: i >= firstDefault,
        })),
        returnsSet: fn.returns_set,
        returnsVoid: fn.return_type === 'void',
        returnsRows: fn.returns_rows,
      })
    }
    return { tables, functions: rpc }
  })
}
