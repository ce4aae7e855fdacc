// Site Insights (GitBook's `trackEventsInSiteById` and `aggregateSiteEvents`; docs/sites.md "Insights"): events of a
// published site in `site_insights_events` (migration 20261128T1930), and the aggregation queries over them.
//
// Recording never writes on a visitor's request: the published site's events go into a per-process buffer, written
// as one insert statement every second or every 500 events, and on shutdown (flushInsights). A crash loses at most
// the last second of events. Visitors are counted without cookies: the visitor id is an HMAC (keyed by the instance's
// JWT secret, so it cannot be reversed from the table) of the site, the IP, the user agent and the UTC day; a session
// is a visitor's run of events with no gap longer than 30 minutes, kept in memory by each process (with several
// processes behind a balancer, a visitor's requests spread over them count as one session per process).
import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { CompiledQuery, sql, type RawBuilder, type Selectable } from 'kysely';
import type { AppContext } from '../context.js';
import type { Dialect } from '../db/database.js';
import type { SiteInsightsEventsTable } from '../db/schema.js';
import { invalidField } from '../errors.js';
import { parseUserAgent } from '../lib/user-agent.js';
import type { Actor } from './auth.js';
import { loadSite } from './sites.js';

export type InsightsRow = Selectable<SiteInsightsEventsTable>;

/** Buffered events are written after this long, or as soon as this many wait. */
export const INSIGHTS_FLUSH_MS = 1000;
export const INSIGHTS_FLUSH_ROWS = 500;
/** Past this many events waiting (the database is down, or far behind), new ones are dropped and counted. */
const INSIGHTS_MAX_WAITING = 50_000;
/** A session ends after this long without an event of its visitor. */
const SESSION_IDLE_MS = 30 * 60_000;
/** Sessions remembered per process (the least recently active are forgotten first). */
const SESSIONS_KEPT = 100_000;
/** How far from the server's clock a tracked event's timestamp may be (GitBook's 5 minutes). */
const TRACK_SKEW_MS = 5 * 60_000;

class InsightsBuffer {
  private rows: InsightsRow[] = [];
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  dropped = 0;
  constructor(private readonly ctx: AppContext) {}

  push(row: InsightsRow): void {
    if (this.rows.length >= INSIGHTS_MAX_WAITING) {
      this.dropped++;
      return;
    }
    this.rows.push(row);
    if (this.rows.length >= INSIGHTS_FLUSH_ROWS) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), INSIGHTS_FLUSH_MS).unref();
  }

  /** Writes what waits (after the writes already under way); resolves when it is written or given up. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.rows;
    this.rows = [];
    if (batch.length) this.chain = this.chain.then(() => this.write(batch));
    return this.chain;
  }

  private async write(batch: InsightsRow[]): Promise<void> {
    try {
      await insertRows(this.ctx, batch);
    } catch (err) {
      // A site deleted since its events were buffered fails the statement (its foreign key): keep the others.
      try {
        const live = new Set((await this.ctx.db.selectFrom('sites').select('id').where('id', 'in', [...new Set(batch.map((r) => r.site_id))]).execute()).map((s) => s.id));
        const kept = batch.filter((r) => live.has(r.site_id));
        if (kept.length) await insertRows(this.ctx, kept);
        if (kept.length < batch.length) return;
      } catch { /* reported below */ }
      this.ctx.logger.warn({ err, events: batch.length }, 'site insights: a batch of events could not be written and was dropped');
    }
  }
}

const ROW_COLUMNS: (keyof InsightsRow)[] = ['site_id', 'at', 'type', 'session_id', 'visitor_id', 'display_context', 'site_section_id',
  'site_space_id', 'site_share_key', 'space_id', 'revision_id', 'page_id', 'url', 'url_path', 'referrer', 'referrer_domain', 'utm_source',
  'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'device', 'browser', 'os', 'bot', 'language', 'authenticated', 'data'];
/** The insert of `n` rows, by dialect: its text is the same for every full batch (no query builder on each). */
const insertTexts = new Map<string, string>();
function insertText(dialect: Dialect, n: number): string {
  const key = `${dialect}:${n}`;
  let text = insertTexts.get(key);
  if (!text) {
    let k = 0;
    const row = () => `(${ROW_COLUMNS.map(() => (dialect === 'postgres' ? `$${++k}` : '?')).join(', ')})`;
    text = `insert into site_insights_events (${ROW_COLUMNS.join(', ')}) values ${Array.from({ length: n }, row).join(', ')}`;
    if (insertTexts.size > 64) insertTexts.clear();
    insertTexts.set(key, text);
  }
  return text;
}

async function insertRows(ctx: AppContext, rows: InsightsRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSIGHTS_FLUSH_ROWS) {
    const batch = rows.slice(i, i + INSIGHTS_FLUSH_ROWS);
    await ctx.db.executeQuery(CompiledQuery.raw(insertText(ctx.dialect, batch.length), batch.flatMap((r) => ROW_COLUMNS.map((c) => r[c]))));
  }
}

const buffers = new WeakMap<AppContext, InsightsBuffer>();
const sessionMaps = new WeakMap<AppContext, Map<string, { id: string; last: number }>>();

function bufferOf(ctx: AppContext): InsightsBuffer {
  let b = buffers.get(ctx);
  if (!b) buffers.set(ctx, (b = new InsightsBuffer(ctx)));
  return b;
}

/** Writes the events waiting in this process (on shutdown). */
export async function flushInsights(ctx: AppContext): Promise<void> {
  await buffers.get(ctx)?.flush();
}

/** The instance's secret as a key object, made once (making it from the bytes at every HMAC was most of its cost). */
const keys = new WeakMap<AppContext, KeyObject>();
function hmacKey(ctx: AppContext): KeyObject {
  let k = keys.get(ctx);
  if (!k) keys.set(ctx, (k = createSecretKey(ctx.jwtSecret)));
  return k;
}
/** Visitor ids computed lately, by what they are computed from (a reader's every page asks the same one). */
const visitorIds = new WeakMap<AppContext, Map<string, string>>();
const VISITOR_IDS_KEPT = 10_000;

/** The visitor of a request, without cookies: the same site, address, agent and UTC day give the same id. */
export function visitorIdOf(ctx: AppContext, siteId: string, ip: string, userAgent: string, at: Date): string {
  const input = `insights|${siteId}|${ip}|${userAgent}|${at.toISOString().slice(0, 10)}`;
  let memo = visitorIds.get(ctx);
  if (!memo) visitorIds.set(ctx, (memo = new Map()));
  let id = memo.get(input);
  if (id === undefined) {
    id = createHmac('sha256', hmacKey(ctx)).update(input).digest('base64url').slice(0, 22);
    if (memo.size >= VISITOR_IDS_KEPT) memo.delete(memo.keys().next().value!);
    memo.set(input, id);
  }
  return id;
}

/** The visitor's session at `at`: the one of their last event when it was at most 30 minutes before, else a new one. */
export function sessionIdOf(ctx: AppContext, visitorId: string, at: Date): string {
  let map = sessionMaps.get(ctx);
  if (!map) sessionMaps.set(ctx, (map = new Map()));
  const t = at.getTime();
  let s = map.get(visitorId);
  if (s) map.delete(visitorId);
  if (!s || t - s.last > SESSION_IDLE_MS) s = { id: createHmac('sha256', hmacKey(ctx)).update(`session|${visitorId}|${t}`).digest('base64url').slice(0, 22), last: t };
  s.last = Math.max(s.last, t);
  map.set(visitorId, s);
  if (map.size > SESSIONS_KEPT) map.delete(map.keys().next().value!);
  return s.id;
}

export interface EventLocation {
  url: string;
  displayContext?: string;
  siteSection?: string | null;
  siteSpace?: string | null;
  siteShareKey?: string | null;
  space?: string | null;
  revision?: string | null;
  page?: string | null;
}

function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname || null;
  } catch {
    return null;
  }
}

const cut = (s: string | null | undefined, max: number) => (s ? s.slice(0, max) : null);

function rowOf(e: {
  siteId: string; at: Date; type: string; visitorId: string; sessionId: string; location: EventLocation;
  userAgent: string; referrer: string | null; language: string | null; authenticated: boolean; data?: Record<string, unknown>;
}): InsightsRow {
  let parsed: URL | undefined;
  try {
    parsed = new URL(e.location.url);
  } catch { /* kept as given */ }
  const utm = (k: string) => cut(parsed?.searchParams.get(`utm_${k}`), 500);
  const agent = parseUserAgent(e.userAgent);
  const data = e.data && Object.keys(e.data).length ? JSON.stringify(e.data) : null;
  return {
    site_id: e.siteId, at: e.at.toISOString(), type: e.type, session_id: e.sessionId, visitor_id: e.visitorId,
    display_context: e.location.displayContext ?? 'site',
    site_section_id: e.location.siteSection ?? null, site_space_id: e.location.siteSpace ?? null, site_share_key: e.location.siteShareKey ?? null,
    space_id: e.location.space ?? null, revision_id: e.location.revision ?? null, page_id: e.location.page ?? null,
    url: cut(e.location.url, 2048), url_path: parsed ? cut(decodeURIComponentSafe(parsed.pathname), 2048) : null,
    referrer: cut(e.referrer, 2048), referrer_domain: hostOf(e.referrer),
    utm_source: utm('source'), utm_medium: utm('medium'), utm_campaign: utm('campaign'), utm_term: utm('term'), utm_content: utm('content'),
    device: agent.device, browser: agent.browser, os: agent.os, bot: agent.bot, language: cut(e.language, 100),
    authenticated: e.authenticated ? 1 : 0, data,
  };
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** What the published site knows of the request an event comes from. */
export interface ServerEvent {
  siteId: string;
  type: string;
  location: EventLocation;
  ip: string;
  userAgent: string;
  referrer: string | null;
  language: string | null;
  authenticated: boolean;
  data?: Record<string, unknown>;
}

/** An event the published site recorded (displayContext `server`), buffered: nothing is written on the request. */
export function recordServerEvent(ctx: AppContext, e: ServerEvent): void {
  const at = ctx.clock.now();
  const visitorId = visitorIdOf(ctx, e.siteId, e.ip, e.userAgent, at);
  bufferOf(ctx).push(rowOf({
    ...e, at, visitorId, sessionId: sessionIdOf(ctx, visitorId, at), location: { ...e.location, displayContext: 'server' },
  }));
}

// ---------------------------------------------------------------------------------------------------------------
// trackEventsInSiteById

type TrackedEvent = {
  type: string;
  session: { visitorId: string; sessionId: string; userAgent: string; language: string | null; referrer: string | null; visitorAuthClaims?: Record<string, unknown> };
  location: EventLocation;
  timestamp?: string;
} & Record<string, unknown>;

/** What each type needs beyond the base fields (GitBook's required properties), and the fields kept as its data. */
const NEEDS: Record<string, string[]> = {
  search_type_query: ['query'], search_open_result: ['query', 'result'], ask_question: ['query'],
  ask_rate_response: ['query', 'rating', 'responseId'], page_post_feedback: ['feedback'], page_post_feedback_comment: ['feedback', 'feedback.comment'],
  link_click: ['link'], api_client_open: ['operation'], api_client_request: ['operation'], trademark_click: ['placement'],
  ad_click: ['ad'], ad_display: ['ad'], llms_request: ['llmsVariant'],
};
const DATA_FIELDS = ['query', 'goal', 'result', 'feedback', 'rating', 'responseId', 'link', 'operation', 'placement', 'ad', 'markdownSource', 'llmsVariant'];

/** Events a renderer or integration posts: for members who may edit the site; all of the batch, or none (400). */
export async function trackEvents(ctx: AppContext, actor: Actor, orgId: string, siteId: string, events: TrackedEvent[]): Promise<void> {
  const { site } = await loadSite(ctx, ctx.db, actor, orgId, siteId, 'edit');
  const now = ctx.clock.now();
  const rows = events.map((e, i) => {
    const at = e.timestamp === undefined ? now : new Date(e.timestamp);
    if (Number.isNaN(at.getTime()) || Math.abs(at.getTime() - now.getTime()) > TRACK_SKEW_MS) {
      throw invalidField(`/body/events/${i}/timestamp`, `must be within 5 minutes of the server's time (${now.toISOString()})`);
    }
    for (const need of NEEDS[e.type] ?? []) {
      const [a, b] = need.split('.') as [string, string | undefined];
      const v = b ? (e[a] as Record<string, unknown> | undefined)?.[b] : e[a];
      if (v === undefined) throw invalidField(`/body/events/${i}/${need.replace('.', '/')}`, `is required for a ${e.type} event`);
    }
    if (e.type === 'search_open_result') {
      const r = e.result as { spaceId?: string; pageId?: string; recordId?: string };
      if (r.recordId === undefined && (r.spaceId === undefined || r.pageId === undefined)) throw invalidField(`/body/events/${i}/result`, 'is {spaceId, pageId} or {recordId}');
    }
    const data: Record<string, unknown> = {};
    for (const k of DATA_FIELDS) if (e[k] !== undefined) data[k] = e[k];
    const target = (e.link as { target?: { kind?: string; url?: unknown } } | undefined)?.target;
    if (target?.kind === 'url' && typeof target.url === 'string') data.linkTargetDomain = hostOf(target.url);
    return rowOf({
      siteId: site.id, at, type: e.type, visitorId: e.session.visitorId, sessionId: e.session.sessionId, location: e.location,
      userAgent: e.session.userAgent, referrer: e.session.referrer || null, language: e.session.language ?? null,
      authenticated: !!e.session.visitorAuthClaims && Object.keys(e.session.visitorAuthClaims).length > 0, data,
    });
  });
  if (rows.length) await ctx.db.transaction().execute((tx) => tx.insertInto('site_insights_events').values(rows).execute());
}

// ---------------------------------------------------------------------------------------------------------------
// aggregateSiteEvents

export interface QueryColumn {
  column: string;
  interval?: 'hour' | 'day' | 'week' | 'month';
  precision?: number;
  claim?: string;
}
export interface QueryFilter extends QueryColumn {
  values: unknown[];
  operator?: 'in' | 'notIn' | 'greaterThan' | 'greaterThanOrEqual' | 'lessThan' | 'lessThanOrEqual';
}
export interface AggregationQuery {
  select?: QueryColumn[];
  where?: QueryFilter[];
  groupBy?: QueryColumn[];
  order?: { by: QueryColumn; direction: 'asc' | 'desc' };
  range: string | { from: string; to: string };
  limit?: number;
}

type Kind = 'string' | 'number' | 'boolean' | 'datetime' | 'object';
interface ColumnDef {
  /** SQL expressions (fixed text, no parameters) whose values make the column's value. */
  exprs: (d: Dialect, c: QueryColumn) => string[];
  value: (raw: unknown[]) => unknown;
  kind: Kind;
  aggregate?: boolean;
  /** Always null here (nothing recorded): left out of GROUP BY. */
  none?: boolean;
  /** How a filter's value is bound (e.g. parsed as JSON). */
  param?: (d: Dialect) => (p: RawBuilder<unknown>) => RawBuilder<unknown>;
  /** What a filter's value becomes before it is bound. */
  bind?: (v: unknown) => unknown;
}

function json(d: Dialect, path: string[]): string {
  return d === 'sqlite' ? `json_extract(data, '$.${path.join('.')}')` : `(cast(data as jsonb) #>> '{${path.join(',')}}')`;
}
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const one = (expr: (d: Dialect) => string, kind: Kind = 'string', fallback?: unknown): ColumnDef => ({
  exprs: (d) => [fallback === undefined ? expr(d) : `coalesce(${expr(d)}, '${String(fallback)}')`],
  value: ([v]) => (kind === 'number' ? num(v) : v ?? null), kind,
});
const field = (name: string, fallback?: string) => one(() => name, 'string', fallback);
const dataField = (path: string[], fallback?: string) => one((d) => json(d, path), 'string', fallback);
const nothing: ColumnDef = { exprs: () => ['null'], value: () => null, kind: 'string', none: true };
const count = (expr: string): ColumnDef => ({ exprs: () => [expr], value: ([v]) => Number(v ?? 0), kind: 'number', aggregate: true });
const countIf = (cond: string) => `sum(case when ${cond} then 1 else 0 end)`;

function bucket(d: Dialect, interval: QueryColumn['interval']): string {
  switch (interval ?? 'day') {
    case 'hour': return `substr(at, 1, 13) || ':00:00.000Z'`;
    case 'month': return `substr(at, 1, 7) || '-01T00:00:00.000Z'`;
    case 'week': return d === 'sqlite'
      ? `date(substr(at, 1, 10), 'weekday 0', '-6 days') || 'T00:00:00.000Z'`
      : `to_char(date_trunc('week', cast(substr(at, 1, 10) as date)), 'YYYY-MM-DD') || 'T00:00:00.000Z'`;
    default: return `substr(at, 1, 10) || 'T00:00:00.000Z'`;
  }
}

const COLUMNS: Record<string, ColumnDef> = {
  datetime: { exprs: (d, c) => [bucket(d, c.interval)], value: ([v]) => v, kind: 'datetime' },
  dayOfWeek: one((d) => (d === 'sqlite' ? `((cast(strftime('%w', substr(at, 1, 10)) as integer) + 6) % 7 + 1)` : `cast(extract(isodow from cast(substr(at, 1, 10) as date)) as integer)`), 'number'),
  hourOfDay: one(() => `cast(substr(at, 12, 2) as integer)`, 'number'),
  url: field('url', ''),
  urlPath: field('url_path', ''),
  eventType: field('type'),
  eventsCount: count('count(*)'),
  sessionsCount: count('count(distinct session_id)'),
  visitorsCount: count('count(distinct visitor_id)'),
  siteSection: field('site_section_id'),
  siteSpace: field('site_space_id'),
  siteShareKey: field('site_share_key'),
  displayContext: field('display_context'),
  page: {
    exprs: () => ['page_id', 'space_id'], kind: 'object',
    value: ([page, space]) => (page === null || page === undefined ? null : { page, space: space ?? '' }),
  },
  visitorGeoCountry: nothing,
  visitorGeoPoint: { ...nothing, kind: 'object' },
  visitorDevice: field('device', 'unknown'),
  visitorBrowser: field('browser', 'unknown'),
  visitorOS: field('os', 'unknown'),
  visitorBot: { ...field('bot'), bind: (v) => (v === '' ? null : v) },
  visitorLanguage: field('language'),
  eventLinkTargetValue: {
    exprs: (d) => [d === 'sqlite' ? `json_extract(data, '$.link.target')` : `cast((cast(data as jsonb) #> '{link,target}') as text)`],
    value: ([v]) => (typeof v === 'string' ? JSON.parse(v) : null), kind: 'object',
    bind: (v) => JSON.stringify(v), param: (d) => (p) => (d === 'sqlite' ? sql`json(${p})` : sql`cast(cast(${p} as jsonb) as text)`),
  },
  eventLinkTargetKind: dataField(['link', 'target', 'kind']),
  eventLinkTargetDomain: dataField(['linkTargetDomain']),
  eventLinkPosition: dataField(['link', 'position']),
  eventAPIOperationPath: dataField(['operation', 'path']),
  eventAPIOperationMethod: dataField(['operation', 'method']),
  eventLLMSVariant: dataField(['llmsVariant']),
  eventPageNotFoundType: nothing,
  eventMarkdownSource: dataField(['markdownSource']),
  eventSearchQuery: dataField(['query'], ''),
  eventSearchResultRecordId: dataField(['result', 'recordId']),
  eventPageFeedbackRating: dataField(['feedback', 'rating']),
  eventPageFeedbackComment: dataField(['feedback', 'comment'], ''),
  eventAskResponseRating: one((d) => `cast(${json(d, ['rating'])} as integer)`, 'number'),
  pageFeedbackRating: {
    exprs: (d) => ['ok', 'good', 'bad'].map((r) => countIf(`type = 'page_post_feedback' and ${json(d, ['feedback', 'rating'])} = '${r}'`)),
    value: ([ok, good, bad]) => ({ ok: Number(ok ?? 0), good: Number(good ?? 0), bad: Number(bad ?? 0) }), kind: 'object', aggregate: true,
  },
  askResponseRating: {
    exprs: (d) => ['1', '-1'].map((r) => countIf(`type = 'ask_rate_response' and cast(${json(d, ['rating'])} as integer) = ${r}`)),
    value: ([positive, negative]) => ({ positive: Number(positive ?? 0), negative: Number(negative ?? 0) }), kind: 'object', aggregate: true,
  },
  referrer: field('referrer', ''),
  referrerDomain: field('referrer_domain', ''),
  utmSource: field('utm_source', ''),
  utmMedium: field('utm_medium', ''),
  utmCampaign: field('utm_campaign', ''),
  utmTerm: field('utm_term', ''),
  utmContent: field('utm_content', ''),
  visitorAuthenticated: { exprs: () => ['authenticated'], value: ([v]) => (v === null || v === undefined ? null : Number(v) === 1), kind: 'boolean', bind: (v) => (v === null ? null : v ? 1 : 0) },
  visitorClaimProperty: nothing,
  visitorClaim: nothing,
  eventAdDomain: dataField(['ad', 'domain'], ''),
  eventAdPlacement: dataField(['ad', 'placement']),
  eventTrademarkPlacement: dataField(['placement']),
};
export const INSIGHTS_COLUMNS = Object.keys(COLUMNS);

const keyOf = (c: QueryColumn) => `${c.column}|${c.column === 'datetime' ? c.interval ?? 'day' : ''}|${c.claim ?? ''}`;

/** The range's bounds: a preset ends now. */
function rangeOf(now: Date, range: AggregationQuery['range']): { from: string; to: string } {
  if (typeof range === 'object') {
    const from = new Date(range.from);
    const to = new Date(range.to);
    if (Number.isNaN(from.getTime())) throw invalidField('/body/range/from', 'must be a date-time');
    if (Number.isNaN(to.getTime())) throw invalidField('/body/range/to', 'must be a date-time');
    if (from > to) throw invalidField('/body/range/from', 'must not be after to');
    return { from: from.toISOString(), to: to.toISOString() };
  }
  const from = new Date(now);
  if (range === 'lastYear') from.setUTCFullYear(from.getUTCFullYear() - 1);
  else if (range === 'last3Months') from.setUTCMonth(from.getUTCMonth() - 3);
  else from.setTime(now.getTime() - { last30Days: 30, last7Days: 7, last24Hours: 1 }[range as 'last7Days']! * 86_400_000);
  return { from: from.toISOString(), to: now.toISOString() };
}

/** A filter's value, checked against the column's kind (400 naming it). */
function filterValue(def: ColumnDef, c: QueryFilter, v: unknown, at: string): unknown {
  if (v === null) return null;
  const bad = (what: string) => invalidField(at, `must be ${what} (or null) for ${c.column}`);
  switch (def.kind) {
    case 'number': if (typeof v !== 'number') throw bad('a number'); break;
    case 'boolean': if (typeof v !== 'boolean') throw bad('a boolean'); break;
    case 'datetime': {
      const d = typeof v === 'string' ? new Date(v) : undefined;
      if (!d || Number.isNaN(d.getTime())) throw bad('a date-time');
      return d.toISOString();
    }
    case 'object': if (typeof v !== 'object' || Array.isArray(v)) throw bad('an object'); break;
    default: if (typeof v !== 'string') throw bad('a string');
  }
  return def.bind ? def.bind(v) : v;
}

const OPS = { greaterThan: '>', greaterThanOrEqual: '>=', lessThan: '<', lessThanOrEqual: '<=' } as const;

function condition(d: Dialect, def: ColumnDef, f: QueryFilter, i: number): RawBuilder<unknown> {
  const at = `/body/where/${i}`;
  const op = f.operator ?? 'in';
  if (f.column === 'page') {
    if (op !== 'in' && op !== 'notIn') throw invalidField(`${at}/operator`, 'must be in or notIn for page');
    const parts = f.values.map((v, j) => {
      if (v === null) return sql`page_id is null`;
      const p = v as { page?: unknown; space?: unknown };
      if (typeof v !== 'object' || Array.isArray(v) || typeof p.space !== 'string' || (p.page !== null && typeof p.page !== 'string')) throw invalidField(`${at}/values/${j}`, 'must be {page, space} or null');
      return p.page === null ? sql`(page_id is null and space_id = ${p.space})` : sql`(page_id = ${p.page} and space_id = ${p.space})`;
    });
    const any = parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`1 = 0`;
    return op === 'in' ? any : sql`not ${any}`;
  }
  // The time of the event itself (not a bucket).
  const expr = sql.raw(f.column === 'datetime' ? 'at' : def.exprs(d, f)[0]!);
  const values = f.values.map((v, j) => filterValue(def, f, v, `${at}/values/${j}`));
  const bound = (v: unknown) => (def.param ? def.param(d)(sql`${v}`) : sql`${v}`);
  if (op === 'in' || op === 'notIn') {
    const given = values.filter((v) => v !== null);
    const hasNull = given.length < values.length;
    const inList = given.length ? sql`${expr} in (${sql.join(given.map(bound))})` : undefined;
    if (op === 'in') {
      const parts = [...(inList ? [inList] : []), ...(hasNull ? [sql`${expr} is null`] : [])];
      return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`1 = 0`;
    }
    if (hasNull) return inList ? sql`(${expr} is not null and not ${inList})` : sql`${expr} is not null`;
    return inList ? sql`(${expr} is null or not ${inList})` : sql`1 = 1`;
  }
  if (def.kind === 'object' || def.kind === 'boolean') throw invalidField(`${at}/operator`, `must be in or notIn for ${f.column}`);
  if (values.length !== 1 || values[0] === null) throw invalidField(`${at}/values`, `must hold one value for ${op}`);
  return sql`${expr} ${sql.raw(OPS[op])} ${bound(values[0])}`;
}

function checkColumn(c: QueryColumn, at: string): ColumnDef {
  const def = COLUMNS[c.column];
  if (!def) throw invalidField(`${at}/column`, `must be one of ${INSIGHTS_COLUMNS.join(', ')}`);
  if (c.column === 'visitorClaim' && !c.claim) throw invalidField(`${at}/claim`, 'is required for visitorClaim');
  return def;
}

export interface AggregationResult {
  columns: { column: string; claim?: string; values: unknown[] }[];
}

/** `aggregateSiteEvents`: for members who see the site (as its settings). */
export async function aggregateEvents(ctx: AppContext, actor: Actor, orgId: string, siteId: string, q: AggregationQuery): Promise<AggregationResult> {
  const { site } = await loadSite(ctx, ctx.db, actor, orgId, siteId, 'view');
  const d = ctx.dialect;
  const { from, to } = rangeOf(ctx.clock.now(), q.range);
  (q.groupBy ?? []).forEach((c, i) => checkColumn(c, `/body/groupBy/${i}`));
  const select = q.select?.length ? q.select : [...(q.groupBy ?? []), { column: 'eventsCount' }];
  select.forEach((c, i) => checkColumn(c, `/body/select/${i}`));
  for (const [i, c] of (q.groupBy ?? []).entries()) if (COLUMNS[c.column]!.aggregate) throw invalidField(`/body/groupBy/${i}/column`, `${c.column} is an aggregate: it cannot be grouped by`);
  // Grouped: what groupBy names and every selected column that is not an aggregate.
  const groups = new Map<string, QueryColumn>();
  for (const c of [...(q.groupBy ?? []), ...select]) if (!COLUMNS[c.column]!.aggregate && !COLUMNS[c.column]!.none) groups.set(keyOf(c), c);
  const groupExprs = [...groups.values()].flatMap((c) => COLUMNS[c.column]!.exprs(d, c));

  const where: RawBuilder<unknown>[] = [sql`site_id = ${site.id}`, sql`at >= ${from}`, sql`at <= ${to}`];
  const having: RawBuilder<unknown>[] = [];
  for (const [i, f] of (q.where ?? []).entries()) {
    const def = checkColumn(f, `/body/where/${i}`);
    (def.aggregate ? having : where).push(condition(d, def, f, i));
  }

  const selected = select.map((c) => COLUMNS[c.column]!.exprs(d, c));
  const order: string[] = [];
  if (q.order) {
    const def = checkColumn(q.order.by, '/body/order/by');
    if (!def.aggregate && !def.none && !groups.has(keyOf(q.order.by))) throw invalidField('/body/order/by', 'must be an aggregate or a column selected or grouped by');
    if (def.exprs(d, q.order.by).length > 1 && !def.aggregate) throw invalidField('/body/order/by', `${q.order.by.column} cannot be ordered by`);
    if (!def.none) order.push(`${def.exprs(d, q.order.by)[0]} ${q.order.direction}`);
  } else {
    const time = [...groups.values()].find((c) => c.column === 'datetime');
    if (time) order.push(`${bucket(d, time.interval)} asc`);
    const agg = select.find((c) => COLUMNS[c.column]!.aggregate);
    if (agg) order.push(`${COLUMNS[agg.column]!.exprs(d, agg)[0]} desc`);
  }
  for (const e of groupExprs) order.push(`${e} asc`);
  // Nulls last whatever the direction, on both databases (SQLite puts them first, PostgreSQL last ascending).
  const ordered = order.map((o) => {
    const [, e, dir] = /^(.*) (asc|desc)$/s.exec(o)!;
    return `(${e} is null) asc, ${e} ${dir}`;
  });

  const cols = selected.flatMap((exprs, i) => exprs.map((e, j) => sql`${sql.raw(e)} as ${sql.ref(`c${i}_${j}`)}`));
  const limit = q.limit ?? 1000;
  const query = sql<Record<string, unknown>>`select ${sql.join(cols)} from site_insights_events where ${sql.join(where, sql` and `)}${
    groupExprs.length ? sql` group by ${sql.raw(groupExprs.join(', '))}` : sql``}${
    having.length ? sql` having ${sql.join(having, sql` and `)}` : sql``}${
    ordered.length ? sql` order by ${sql.raw(ordered.join(', '))}` : sql``} limit ${limit}`;
  const rows = (await query.execute(ctx.db)).rows;
  return {
    columns: select.map((c, i) => ({
      column: c.column, ...(c.claim !== undefined ? { claim: c.claim } : {}),
      values: rows.map((r) => COLUMNS[c.column]!.value(selected[i]!.map((_, j) => r[`c${i}_${j}`]))),
    })),
  };
}
