// /rest/v1: the PostgREST contract that @supabase/postgrest-js speaks, for the requests the admin makes
// (tests/contract/cms.test.ts makes each of them). Written by hand because no library turns PostgREST's URL grammar into SQL for an
// embedded Postgres; it is kept to that subset and each behaviour names the PostgREST documentation
// (https://postgrest.org/en/v12/references/...) or source file it follows.
//
// Safety: every table, column and function named by a request is looked up in the schema cache before any SQL
// is built, and is then double-quoted; every value travels as a bound parameter. The SQL runs in the caller's
// transaction with role and request.jwt.claims set (db.asRequest), so the row-level-security policies of
// supabase/migrations decide what is visible and writable, exactly as on Supabase.
import type { Claims, Database } from './db.ts'
import { header, json, type ApiRequest, type Reply } from './reply.ts'
import { EXPOSED_SCHEMA, type RpcFunction, type SchemaCache, type Table } from './schema-cache.ts'

/** A PostgREST error body; `status` is the HTTP status it is answered with. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message)
  }
}

/**
 * SQLSTATE -> HTTP status, as PostgREST's Error.hs `pgErrorStatus` (references/errors.html#http-status-codes).
 * 42501 (insufficient privilege) is 401 for anonymous requests and 403 otherwise.
 */
export function statusForSqlState(sqlState: string, role: Claims['role']): number {
  const exact: Record<string, number> = {
    '23503': 409, '23505': 409, '25006': 405, '42883': 404, '42P01': 404, P0001: 400, '42501': role === 'anon' ? 401 : 403,
  }
  const byClass: Record<string, number> = {
    '08': 503, '09': 500, '0L': 403, '0P': 403, '25': 500, '28': 403, '2D': 500, '38': 500, '39': 500, '3B': 500,
    '40': 500, '53': 503, '54': 413, '55': 500, '57': 500, '58': 500, F0: 500, HV: 500, P0: 500, XX: 500,
  }
  return exact[sqlState] ?? byClass[sqlState.slice(0, 2)] ?? 400
}

// Query-string keys that are not filters (references/api/tables_views.html), plus the gateway's `apikey`.
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns', 'apikey'])
// Horizontal filtering operators (references/api/tables_views.html#operators).
const COMPARISONS: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' }
const IS_VALUES: Record<string, string> = { null: 'null', not_null: 'not null', true: 'true', false: 'false', unknown: 'unknown' }
const OBJECT_MEDIA_TYPE = 'application/vnd.pgrst.object+json'
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/

export class RestService {
  constructor(
    private readonly db: Database,
    private readonly schema: SchemaCache,
  ) {}

  async handle(req: ApiRequest, claims: Claims): Promise<Reply> {
    try {
      return await this.route(req, claims)
    } catch (error) {
      return errorReply(toRestError(error, claims.role))
    }
  }

  private route(req: ApiRequest, claims: Claims): Promise<Reply> {
    checkProfile(req)
    const rpc = /^\/rpc\/([^/]+)\/?$/.exec(req.path)
    if (rpc) return this.rpc(req, claims, decodePathSegment(rpc[1]!))
    const tableName = decodePathSegment(req.path.replace(/^\/+|\/+$/g, ''))
    const table = this.schema.tables.get(tableName)
    if (!table) {
      throw new RestError(404, 'PGRST205', `Could not find the table '${EXPOSED_SCHEMA}.${tableName}' in the schema cache`)
    }
    switch (req.method) {
      case 'GET':
      case 'HEAD':
        return this.read(req, claims, table)
      case 'POST':
        return this.insert(req, claims, table)
      case 'PATCH':
        return this.update(req, claims, table)
      case 'DELETE':
        return this.remove(req, claims, table)
    }
    throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${req.method}`)
  }

  // Reading: references/api/tables_views.html, pagination_count.html (Range, Prefer: count=exact,
  // Content-Range, 206/416), resource_representation.html (singular objects, PGRST116).
  private async read(req: ApiRequest, claims: Claims, table: Table): Promise<Reply> {
    const params = new Params()
    const columns = selectList(table, req.query.get('select'))
    const where = whereClause(table, req.query, params)
    const order = orderClause(table, req.query.get('order'))
    const { offset, limit } = pageOf(req)
    const counting = prefers(req, 'count') === 'exact'
    const page =
      `select ${columns} from ${tableRef(table)} _t${where}${order}` +
      `${limit === null ? '' : ` limit ${limit}`}${offset ? ` offset ${offset}` : ''}`
    const sql =
      `select coalesce(json_agg(_r), '[]')::text as body, count(*)::int as n` +
      `${counting ? `, (select count(*) from ${tableRef(table)} _t${where})::int as total` : ''} from (${page}) _r`
    const { rows } = await this.db.asRequest(claims, (tx) =>
      tx.query<{ body: string; n: number; total?: number }>(sql, params.values),
    )
    const result = rows[0]!
    const total = counting ? result.total! : null
    if (total !== null && offset > 0 && offset >= total) {
      throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${offset} was requested, but there are only ${total} rows.`)
    }
    const range = result.n === 0 ? `*/${total ?? '*'}` : `${offset}-${offset + result.n - 1}/${total ?? '*'}`
    const status = total !== null && result.n < total ? 206 : 200
    const body = wantsObject(req) ? singleObject(result.body, result.n) : result.body
    return {
      status,
      headers: { 'Content-Type': contentType(req), 'Content-Range': range },
      body: req.method === 'HEAD' ? undefined : body,
    }
  }

  // Inserting and upserting: references/api/tables_views.html#insert, #bulk-insert (`columns`),
  // #upsert (`on_conflict`, Prefer: resolution=merge-duplicates|ignore-duplicates),
  // preferences.html#return-representation (return=minimal by default: `returning 1`, so a plain insert
  // does not need a SELECT policy on the new row, while return=representation does).
  private async insert(req: ApiRequest, claims: Claims, table: Table): Promise<Reply> {
    const payload = parsePayload(req.body)
    const rows = Array.isArray(payload) ? payload : [payload]
    if (!rows.length) return emptyInsert(req)
    const columns = insertColumns(table, rows, req.query.get('columns'))
    if (!columns.length && rows.length !== 1) {
      throw new RestError(400, 'PGRST102', 'All object keys must match', 'Insert an object, or objects with columns')
    }
    const resolution = prefers(req, 'resolution')
    const conflictTarget = csv(req.query.get('on_conflict')) ?? table.primaryKey
    for (const name of conflictTarget) columnOf(table, name)
    const params = new Params()
    const list = columns.map(quoteIdent).join(', ')
    const source = columns.length
      ? `(${list}) select ${list} from json_populate_recordset(null::${tableRef(table)}, ${params.add(JSON.stringify(rows))}::text::json)`
      : 'default values'
    const updates = columns.filter((c) => !conflictTarget.includes(c)).map((c) => `${quoteIdent(c)} = excluded.${quoteIdent(c)}`)
    const onConflict =
      resolution === 'merge-duplicates' && updates.length
        ? ` on conflict (${conflictTarget.map(quoteIdent).join(', ')}) do update set ${updates.join(', ')}`
        : resolution === 'merge-duplicates' || resolution === 'ignore-duplicates'
          ? ` on conflict (${conflictTarget.map(quoteIdent).join(', ')}) do nothing`
          : ''
    return this.write(req, claims, table, 201, `insert into ${tableRef(table)} as _t ${source}${onConflict}`, params)
  }

  // Updating: references/api/tables_views.html#update. A PATCH without filters is refused as Supabase's
  // pg-safeupdate refuses it, so a forgotten .eq() cannot rewrite a whole table.
  private async update(req: ApiRequest, claims: Claims, table: Table): Promise<Reply> {
    const payload = parsePayload(req.body)
    if (Array.isArray(payload)) throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'PATCH expects a JSON object')
    const columns = insertColumns(table, [payload], null)
    const params = new Params()
    const where = requireFilters(whereClause(table, req.query, params), 'UPDATE')
    const sets = columns.map((c) => `${quoteIdent(c)} = _p.${quoteIdent(c)}`)
    if (!sets.length) throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'The update has no columns')
    const patch = `(select * from json_populate_record(null::${tableRef(table)}, ${params.add(JSON.stringify(payload))}::text::json)) _p`
    return this.write(req, claims, table, 200, `update ${tableRef(table)} as _t set ${sets.join(', ')} from ${patch}${where}`, params)
  }

  // Deleting: references/api/tables_views.html#delete (pg-safeupdate as for PATCH).
  private async remove(req: ApiRequest, claims: Claims, table: Table): Promise<Reply> {
    const params = new Params()
    const where = requireFilters(whereClause(table, req.query, params), 'DELETE')
    return this.write(req, claims, table, 200, `delete from ${tableRef(table)} as _t${where}`, params)
  }

  /**
   * Runs an insert/update/delete and answers as PostgREST does: return=representation gives the rows
   * (select= applies), otherwise an empty 201 (POST) or 204. A singular-object request that does not touch
   * exactly one row is rolled back and answered with PGRST116 (resource_representation.html#singular-or-plural).
   */
  private async write(req: ApiRequest, claims: Claims, table: Table, status: number, statement: string, params: Params): Promise<Reply> {
    const representation = prefers(req, 'return') === 'representation'
    const columns = representation ? selectList(table, req.query.get('select')) : ''
    const sql = representation
      ? `with _w as (${statement} returning _t.*) select coalesce(json_agg(_r), '[]')::text as body, count(*)::int as n from (select ${columns} from _w _t) _r`
      : `with _w as (${statement} returning 1) select count(*)::int as n from _w`
    const single = wantsObject(req)
    const result = await this.db.asRequest(claims, async (tx) => {
      const row = (await tx.query<{ body?: string; n: number }>(sql, params.values)).rows[0]!
      if (single && row.n !== 1) throw pgrst116(row.n)
      return row
    })
    if (!representation) return { status: status === 201 ? 201 : 204, headers: { 'Content-Range': `*/*` } }
    const body = single ? singleObject(result.body!, result.n) : result.body!
    return { status, headers: { 'Content-Type': contentType(req), 'Content-Range': `*/*` }, body }
  }

  // Functions: references/api/functions.html. Arguments are named JSON keys (POST body, or query parameters
  // for GET); each is converted from JSON to the argument's declared type inside Postgres.
  private async rpc(req: ApiRequest, claims: Claims, name: string): Promise<Reply> {
    if (!['GET', 'HEAD', 'POST'].includes(req.method)) {
      throw new RestError(405, 'PGRST101', 'Only GET, HEAD or POST requests are allowed for functions')
    }
    const payload: unknown = req.method !== 'POST' ? Object.fromEntries(req.query) : req.body.trim() ? parsePayload(req.body) : {}
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
      throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'Function arguments must be a JSON object')
    }
    const args = payload as Record<string, unknown>
    const fn = this.schema.functions.get(name)
    const given = Object.keys(args)
    if (!fn || !argumentsMatch(fn, given)) {
      throw new RestError(
        404,
        'PGRST202',
        `Could not find the function ${EXPOSED_SCHEMA}.${name}(${given.join(', ')}) in the schema cache`,
        `Searched for the function ${EXPOSED_SCHEMA}.${name} with parameters ${given.join(', ') || '(none)'}, but no matches were found in the schema cache.`,
      )
    }
    const params = new Params()
    const passed = fn.args.filter((a) => a.name in args)
    const body = passed.length ? params.add(JSON.stringify(args)) : ''
    const call = `${quoteIdent(EXPOSED_SCHEMA)}.${quoteIdent(fn.name)}(${passed
      .map((a) => `${quoteIdent(a.name)} => ${jsonArgument(body, a)}`)
      .join(', ')})`
    const sql = fn.returnsVoid
      ? `select ${call}`
      : fn.returnsRows
        ? `select coalesce(json_agg(_r), '[]')::text as body, count(*)::int as n from ${call} _r`
        : `select to_json(${call})::text as body, 1 as n`
    const result = await this.db.asRequest(claims, async (tx) => (await tx.query<{ body: string; n: number }>(sql, params.values)).rows[0]!)
    if (fn.returnsVoid) return { status: 204 }
    const single = wantsObject(req) && fn.returnsRows
    const answer = single ? singleObject(result.body, result.n) : result.body
    return { status: 200, headers: { 'Content-Type': contentType(req) }, body: req.method === 'HEAD' ? undefined : answer }
  }
}

/** Collects bound parameters; every value of a request goes through here, never into the SQL text. */
class Params {
  readonly values: unknown[] = []
  add(value: string): string {
    this.values.push(value)
    return `$${this.values.length}`
  }
}

/** A %-encoded name from the URL; a malformed encoding is kept as is (and then names nothing). */
function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}

function tableRef(table: Table): string {
  return `${quoteIdent(EXPOSED_SCHEMA)}.${quoteIdent(table.name)}`
}

function columnOf(table: Table, name: string) {
  const column = table.columns.get(name)
  if (!column) throw new RestError(400, '42703', `column ${table.name}.${name} does not exist`)
  return column
}

// Accept-Profile / Content-Profile select the schema (references/api/schemas.html); only one is exposed.
function checkProfile(req: ApiRequest): void {
  for (const name of ['accept-profile', 'content-profile']) {
    const profile = header(req, name)
    if (profile !== undefined && profile !== EXPOSED_SCHEMA) {
      throw new RestError(406, 'PGRST106', `The schema must be one of the following: ${EXPOSED_SCHEMA}`)
    }
  }
}

// Vertical filtering (references/api/tables_views.html#vertical-filtering): `*`, columns and `alias:column`.
// Resource embedding (`rel(...)`) is not part of the subset the admin uses.
function selectList(table: Table, select: string | null): string {
  const items = (select ?? '*').split(',').map((s) => s.trim())
  return items
    .map((item) => {
      if (item === '*') return '_t.*'
      if (item.includes('(')) {
        throw new RestError(400, 'PGRST200', `Could not find a relationship for '${item}' in the schema cache`, 'Resource embedding is not supported by the embedded backend')
      }
      const [alias, name = alias] = item.split(':').map((s) => s.trim()) as [string, string?]
      if (!name || !IDENTIFIER.test(alias) || (name !== alias && !IDENTIFIER.test(name))) {
        throw new RestError(400, 'PGRST100', `"failed to parse select parameter (${select})"`, `unexpected "${item}"`)
      }
      const column = columnOf(table, name)
      return name === alias ? `_t.${quoteIdent(column.name)}` : `_t.${quoteIdent(column.name)} as ${quoteIdent(alias)}`
    })
    .join(', ')
}

// Horizontal filtering: `column=[not.]operator.value` (references/api/tables_views.html#operators).
function whereClause(table: Table, query: URLSearchParams, params: Params): string {
  const conditions: string[] = []
  for (const [key, raw] of query) {
    if (RESERVED.has(key)) continue
    if (!IDENTIFIER.test(key)) throw new RestError(400, 'PGRST100', `"failed to parse filter (${key}=${raw})"`, `"${key}" is not a column name`)
    const column = columnOf(table, key)
    conditions.push(condition(`_t.${quoteIdent(column.name)}`, column.type, raw, params))
  }
  return conditions.length ? ` where ${conditions.join(' and ')}` : ''
}

function condition(columnSql: string, type: string, raw: string, params: Params): string {
  const negated = raw.startsWith('not.')
  const expression = negated ? raw.slice(4) : raw
  const dot = expression.indexOf('.')
  const operator = dot < 0 ? expression : expression.slice(0, dot)
  const value = dot < 0 ? '' : expression.slice(dot + 1)
  const typed = (v: string) => `cast(${params.add(v)}::text as ${type})`
  let sql: string
  if (operator in COMPARISONS && dot >= 0) {
    sql = `${columnSql} ${COMPARISONS[operator]} ${typed(value)}`
  } else if ((operator === 'like' || operator === 'ilike') && dot >= 0) {
    // `*` stands for `%` so patterns survive URLs unencoded (references/api/tables_views.html#operators).
    sql = `${columnSql}::text ${operator} ${params.add(value.replaceAll('*', '%'))}::text`
  } else if (operator === 'is' && value.toLowerCase() in IS_VALUES) {
    sql = `${columnSql} is ${IS_VALUES[value.toLowerCase()]}`
  } else if (operator === 'in' && /^\(.*\)$/s.test(value)) {
    const items = parseList(value.slice(1, -1))
    sql = items.length ? `${columnSql} in (${items.map(typed).join(', ')})` : 'false'
  } else {
    throw new RestError(400, 'PGRST100', `"failed to parse filter (${raw})"`, `unknown or malformed operator "${operator}"`)
  }
  return negated ? `not (${sql})` : sql
}

/** The list of an `in.(...)` filter: comma-separated, items may be double-quoted to contain commas. */
function parseList(text: string): string[] {
  const items: string[] = []
  const pattern = /\s*(?:"((?:[^"\\]|\\.)*)"|([^,]*))\s*(,|$)/gy
  let match: RegExpExecArray | null
  while (pattern.lastIndex < text.length && (match = pattern.exec(text))) {
    items.push(match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : (match[2] ?? '').trim())
    if (match[3] === '') break
  }
  if (text.endsWith(',')) items.push('')
  return items
}

// Ordering: `order=col[.asc|.desc][.nullsfirst|.nullslast],...` (references/api/tables_views.html#ordering).
function orderClause(table: Table, order: string | null): string {
  if (order === null) return ''
  const terms = order.split(',').map((term) => {
    const [name = '', ...modifiers] = term.trim().split('.')
    const column = columnOf(table, name)
    const sql = [`_t.${quoteIdent(column.name)}`]
    for (const modifier of modifiers) {
      const keyword = { asc: 'asc', desc: 'desc', nullsfirst: 'nulls first', nullslast: 'nulls last' }[modifier]
      if (!keyword) throw new RestError(400, 'PGRST100', `"failed to parse order (${order})"`, `unexpected "${modifier}"`)
      sql.push(keyword)
    }
    return sql.join(' ')
  })
  return ` order by ${terms.join(', ')}`
}

// limit/offset parameters, or a `Range: first-last` header (references/api/pagination_count.html).
function pageOf(req: ApiRequest): { offset: number; limit: number | null } {
  const number = (name: string, value: string | null): number | null => {
    if (value === null) return null
    if (!/^\d{1,9}$/.test(value)) throw new RestError(400, 'PGRST100', `"failed to parse ${name} parameter (${value})"`, 'expected a non-negative integer')
    return Number(value)
  }
  const limit = number('limit', req.query.get('limit'))
  const offset = number('offset', req.query.get('offset'))
  const range = /^(\d{1,9})-(\d{1,9})?$/.exec(header(req, 'range') ?? '')
  if (range && limit === null && offset === null) {
    const first = Number(range[1])
    const last = range[2] === undefined ? null : Number(range[2])
    if (last !== null && last < first) throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', 'The upper bound is below the lower bound')
    return { offset: first, limit: last === null ? null : last - first + 1 }
  }
  return { offset: offset ?? 0, limit }
}

function requireFilters(where: string, verb: 'UPDATE' | 'DELETE'): string {
  if (!where) throw new RestError(400, '21000', `${verb} requires a WHERE clause`, null, 'Add a filter such as ?id=eq.1')
  return where
}

// The columns of an insert: `?columns=` when given (bulk insert), otherwise the keys of the payload, which
// must then be the same in every object (PostgREST: "All object keys must match").
function insertColumns(table: Table, rows: unknown[], columnsParam: string | null): string[] {
  for (const row of rows) {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) {
      throw new RestError(400, 'PGRST102', 'Empty or invalid json', 'Expected a JSON object or an array of objects')
    }
  }
  const firstKeys = Object.keys((rows[0] ?? {}))
  const requested = csv(columnsParam)
  if (!requested) {
    const signature = [...firstKeys].sort().join(',')
    if (rows.some((row) => Object.keys(row as object).sort().join(',') !== signature)) {
      throw new RestError(400, 'PGRST102', 'All object keys must match')
    }
  }
  const columns = requested ?? firstKeys
  for (const name of columns) {
    if (!table.columns.has(name)) {
      throw new RestError(400, 'PGRST204', `Could not find the '${name}' column of '${table.name}' in the schema cache`)
    }
  }
  return columns
}

/** A comma-separated identifier list such as `on_conflict=page_path` or `columns="title","slug"`. */
function csv(value: string | null): string[] | null {
  if (value === null) return null
  return value.split(',').map((item) => item.trim().replace(/^"(.*)"$/, '$1'))
}

function parsePayload(body: string): unknown {
  try {
    return JSON.parse(body)
  } catch (error) {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json', (error as Error).message)
  }
}

function argumentsMatch(fn: RpcFunction, given: string[]): boolean {
  const names = new Set(fn.args.map((a) => a.name))
  return given.every((name) => names.has(name)) && fn.args.every((a) => a.hasDefault || given.includes(a.name))
}

/** The SQL that turns one JSON argument into the declared type: arrays element by element, json kept as json. */
function jsonArgument(body: string, arg: RpcFunction['args'][number]): string {
  const key = `${body}::text::json -> ${quoteLiteral(arg.name)}`
  if (arg.elementType) {
    return `(select array_agg(cast(e as ${arg.elementType})) from json_array_elements_text(${key}) e)::${arg.type}`
  }
  if (arg.type === 'json' || arg.type === 'jsonb') return `(${key})::${arg.type}`
  return `cast(${body}::text::json ->> ${quoteLiteral(arg.name)} as ${arg.type})`
}

// Argument names come from the schema cache (IDENTIFIER-shaped), so quoting them as literals is safe.
function quoteLiteral(value: string): string {
  return `'${value.replaceAll("'", "''")}'`
}

/** Prefer header values, e.g. `Prefer: return=representation, count=exact` (references/api/preferences.html). */
function prefers(req: ApiRequest, name: string): string | undefined {
  for (const part of (header(req, 'prefer') ?? '').split(',')) {
    const [key, value] = part.trim().split('=')
    if (key === name) return value
  }
  return undefined
}

function wantsObject(req: ApiRequest): boolean {
  return (header(req, 'accept') ?? '').includes(OBJECT_MEDIA_TYPE)
}

function contentType(req: ApiRequest): string {
  return `${wantsObject(req) ? OBJECT_MEDIA_TYPE : 'application/json'}; charset=utf-8`
}

function pgrst116(rows: number): RestError {
  return new RestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows} rows`)
}

function singleObject(arrayBody: string, rows: number): string {
  if (rows !== 1) throw pgrst116(rows)
  return JSON.stringify((JSON.parse(arrayBody) as unknown[])[0])
}

interface PgError {
  code?: unknown
  message?: unknown
  detail?: unknown
  hint?: unknown
}

function toRestError(error: unknown, role: Claims['role']): RestError {
  if (error instanceof RestError) return error
  const pg = error as PgError
  if (typeof pg?.code === 'string' && /^[0-9A-Z]{5}$/.test(pg.code)) {
    return new RestError(
      statusForSqlState(pg.code, role),
      pg.code,
      String(pg.message),
      typeof pg.detail === 'string' ? pg.detail : null,
      typeof pg.hint === 'string' ? pg.hint : null,
    )
  }
  throw error
}

/** A bulk insert of `[]` inserts nothing and succeeds (PostgREST answers without touching the database). */
function emptyInsert(req: ApiRequest): Reply {
  if (prefers(req, 'return') !== 'representation') return { status: 201 }
  return { status: 201, headers: { 'Content-Type': contentType(req) }, body: wantsObject(req) ? singleObject('[]', 0) : '[]' }
}

export function errorReply(error: RestError): Reply {
  return json(error.status, { code: error.code, details: error.details, hint: error.hint, message: error.message })
}
