// SAML single sign-on (docs/sso.md): an organization's identity providers, and the sign-in exchange itself.
//
//   startURL  GET  /v1/saml/{id}/start     -> 302 to the IdP with a signed AuthnRequest (HTTP-Redirect binding);
//                                             the request id is stored (saml_requests) for REQUEST_TTL_MS
//   acsURL    POST /v1/saml/{id}/acs       <- the IdP's response (HTTP-POST binding): signature (node-saml, against
//                                             the provider's certificate), audience, destination and recipient,
//                                             time window, issuer, InResponseTo (taken once), assertion replay;
//                                             then the user is found by email or created, made an SSO member
//                                             (new members: defaultRole, defaultTeam) and handed an API token
//                                             bound to the organization that expires after config.ssoTokenTtlSeconds
//   entityID  GET  /v1/saml/{id}/metadata  -> Bindery's service-provider metadata
//
// Everything the exchange remembers lives in the database, so any process of a multi-process deployment can take
// any step. A refused response changes nothing: the checks run before the transaction that writes.
import { X509Certificate } from 'node:crypto';
import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import type { RequestBody } from '@bindery/api-types';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import { isUniqueViolation } from '../db/dialect.js';
import type { PageRequest } from '../db/pagination.js';
import { badRequest, conflict, forbidden, invalidField, notFound } from '../errors.js';
import { newId } from '../lib/ids.js';
import { membersRepo, organizationsRepo, type MemberRow } from '../repos/organizations.repo.js';
import { isActiveProvider, samlRepo, type SamlProviderRow } from '../repos/saml.repo.js';
import { settingsRepo } from '../repos/settings.repo.js';
import { teamsRepo, type TeamRow } from '../repos/teams.repo.js';
import { usersRepo, type UserRow } from '../repos/users.repo.js';
import { samlServiceUrls, type TeamView } from '../presenters/saml.js';
import { teamPermissions } from '../policies/team.js';
import type { TeamRole } from '../repos/teams.repo.js';
import { createToken, userAsActor, type Actor } from './auth.js';
import { loadOrganization } from './organizations.js';
import { recordAudit } from './audit.js';

/** How long an authentication request may be answered. */
export const REQUEST_TTL_MS = 10 * 60_000;
/** Clock skew accepted on NotBefore / NotOnOrAfter. */
export const CLOCK_SKEW_MS = 30_000;
/** Used assertion ids are kept this long (longer than any assertion can be valid for a request we made). */
const ASSERTION_MEMORY_MS = 24 * 60 * 60_000;

/** Bindery's side of a provider: its ACS, start and entity id URLs. */
export const serviceUrls = (ctx: AppContext, providerId: string) => samlServiceUrls(ctx.config, providerId);

// ---------------------------------------------------------------------------------------------------------------
// Providers

export interface LoadedProvider {
  provider: SamlProviderRow;
  team: TeamView | undefined;
}

/** The provider's default team as the caller sees it (undefined when unset or since deleted). */
async function withTeam(db: DbOrTx, actor: Actor, member: MemberRow | undefined, provider: SamlProviderRow): Promise<LoadedProvider> {
  const row = provider.default_team_id ? await teamsRepo.find(db, provider.org_id, provider.default_team_id) : undefined;
  if (!row) return { provider, team: undefined };
  const [counts, mine] = await Promise.all([teamsRepo.counts(db, [row.id]), teamsRepo.findMembership(db, row.id, actor.user.id)]);
  return { provider, team: { row, counts: counts.get(row.id)!, permissions: teamPermissions(actor, member, mine?.role as TeamRole | undefined) } };
}

type ProviderBody = RequestBody<'createOrganizationSAMLProvider'>;

/** The identity provider's certificate as PEM (accepts PEM or bare base64 DER); 400 naming the field otherwise. */
export function normalizeCertificate(text: string, field: string): string {
  const body = text.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+=*$/.test(body)) throw invalidField(field, 'is not a PEM or base64 X.509 certificate');
  const pem = `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
  try {
    new X509Certificate(pem);
  } catch {
    throw invalidField(field, 'is not a valid X.509 certificate');
  }
  return pem;
}

function checkSsoUrl(url: string): void {
  const scheme = url.slice(0, url.indexOf(':')).toLowerCase();
  if (scheme !== 'https' && scheme !== 'http') throw invalidField('/body/ssoURL', 'must be an http or https URL');
}

async function resolveTeam(db: DbOrTx, orgId: string, teamId: string | undefined | null): Promise<TeamRow | undefined> {
  if (!teamId) return undefined;
  const team = await teamsRepo.find(db, orgId, teamId);
  if (!team) throw invalidField('/body/defaultTeam', `is not a team of the organization: "${teamId}"`);
  return team;
}

export async function listProviders(ctx: AppContext, actor: Actor, orgId: string, page: PageRequest) {
  const { member } = await loadOrganization(ctx, actor, orgId, 'admin');
  const result = await samlRepo.list(ctx.db, orgId, page);
  return { ...result, items: await Promise.all(result.rows.map((p) => withTeam(ctx.db, actor, member, p))) };
}

export async function getProvider(ctx: AppContext, actor: Actor, orgId: string, id: string): Promise<LoadedProvider> {
  const { member } = await loadOrganization(ctx, actor, orgId, 'admin');
  const provider = await samlRepo.find(ctx.db, orgId, id);
  if (!provider) throw notFound('SAML provider');
  return withTeam(ctx.db, actor, member, provider);
}

export async function createProvider(ctx: AppContext, actor: Actor, orgId: string, body: ProviderBody): Promise<LoadedProvider> {
  const { member } = await loadOrganization(ctx, actor, orgId, 'admin');
  const team = await resolveTeam(ctx.db, orgId, body.defaultTeam);
  if (body.ssoURL !== undefined) checkSsoUrl(body.ssoURL);
  const now = ctx.clock.now().toISOString();
  const provider: SamlProviderRow = {
    id: newId(), org_id: orgId, label: body.label,
    entity_id: body.entityID ?? null,
    certificate: body.certificate !== undefined ? normalizeCertificate(body.certificate, '/body/certificate') : null,
    sso_url: body.ssoURL ?? null,
    default_team_id: team?.id ?? null,
    default_role: body.defaultRole === undefined ? 'read' : body.defaultRole,
    created_at: now, updated_at: now,
  };
  await ctx.db.transaction().execute(async (tx) => {
    await samlRepo.insert(tx, provider);
    await recordAudit(ctx, tx, actor, orgId, { action: 'saml_provider.created', target: { type: 'saml-provider', id: provider.id, label: provider.label }, payload: { fields: Object.keys(body).sort() } });
  });
  return withTeam(ctx.db, actor, member, provider);
}

export async function updateProvider(ctx: AppContext, actor: Actor, orgId: string, id: string, body: RequestBody<'updateOrganizationSAMLProvider'>): Promise<LoadedProvider> {
  const { member } = await loadOrganization(ctx, actor, orgId, 'admin');
  const provider = await samlRepo.find(ctx.db, orgId, id);
  if (!provider) throw notFound('SAML provider');
  const patch: Partial<SamlProviderRow> = { updated_at: ctx.clock.now().toISOString() };
  if (body.label !== undefined) patch.label = body.label;
  if (body.entityID !== undefined) patch.entity_id = body.entityID;
  if (body.certificate !== undefined) patch.certificate = normalizeCertificate(body.certificate, '/body/certificate');
  if (body.ssoURL !== undefined) {
    checkSsoUrl(body.ssoURL);
    patch.sso_url = body.ssoURL;
  }
  if (body.defaultTeam !== undefined) patch.default_team_id = (await resolveTeam(ctx.db, orgId, body.defaultTeam))?.id ?? null;
  if (body.defaultRole !== undefined) patch.default_role = body.defaultRole;
  await ctx.db.transaction().execute(async (tx) => {
    await samlRepo.update(tx, id, patch);
    await recordAudit(ctx, tx, actor, orgId, { action: 'saml_provider.updated', target: { type: 'saml-provider', id, label: patch.label ?? provider.label }, payload: { fields: Object.keys(body).sort() } });
  });
  return withTeam(ctx.db, actor, member, { ...provider, ...patch });
}

export async function deleteProvider(ctx: AppContext, actor: Actor, orgId: string, id: string): Promise<void> {
  await loadOrganization(ctx, actor, orgId, 'admin');
  await ctx.db.transaction().execute(async (tx) => {
    if (await samlRepo.delete(tx, orgId, id)) await recordAudit(ctx, tx, actor, orgId, { action: 'saml_provider.deleted', target: { type: 'saml-provider', id } });
  });
}

/** How to sign in to an organization: any signed-in caller may ask (it is what a sign-in page shows). */
export async function listSignInOptions(ctx: AppContext, orgId: string): Promise<SamlProviderRow[]> {
  if (!(await organizationsRepo.findById(ctx.db, orgId))) throw notFound('Organization');
  return samlRepo.listActive(ctx.db, orgId);
}

// ---------------------------------------------------------------------------------------------------------------
// The service provider's own key pair (signs AuthnRequests; its certificate is in the metadata)

interface SpCredentials {
  privateKey: string;
  certificate: string;
}

const credentials = new WeakMap<AppContext, Promise<SpCredentials>>();

/** The instance's SAML signing key and certificate: made once and kept in the database (one row, so racing
 *  processes agree on one pair). */
export function spCredentials(ctx: AppContext): Promise<SpCredentials> {
  let p = credentials.get(ctx);
  if (!p) {
    p = loadOrCreateCredentials(ctx);
    p.catch(() => credentials.delete(ctx));
    credentials.set(ctx, p);
  }
  return p;
}

async function loadOrCreateCredentials(ctx: AppContext): Promise<SpCredentials> {
  const key = 'saml_sp_credentials';
  const read = async () => {
    const value = await settingsRepo.get(ctx.db, key);
    return value === undefined ? undefined : { value };
  };
  let row = await read();
  if (!row) {
    const { generate } = await import('selfsigned');
    const notBeforeDate = new Date(Date.now() - 60_000);
    const notAfterDate = new Date(notBeforeDate.getTime() + 20 * 365 * 24 * 3600_000);
    const pems = await generate([{ name: 'commonName', value: 'Bindery SAML service provider' }], { keySize: 2048, algorithm: 'sha256', notBeforeDate, notAfterDate });
    const value = JSON.stringify({ privateKey: pems.private, certificate: pems.cert } satisfies SpCredentials);
    await settingsRepo.insertIfAbsent(ctx.db, key, value);
    row = await read();
  }
  return JSON.parse(row!.value) as SpCredentials;
}

// ---------------------------------------------------------------------------------------------------------------
// The exchange

/** InResponseTo memory in the database: a request id is valid for its provider, within REQUEST_TTL_MS. */
function requestStore(ctx: AppContext, providerId: string): CacheProvider {
  return {
    async saveAsync(key) {
      const at = ctx.clock.now().toISOString();
      await samlRepo.rememberRequest(ctx.db, providerId, key, at);
      return { value: at, createdAt: Date.parse(at) };
    },
    async getAsync(key) {
      const row = await samlRepo.findRequest(ctx.db, key);
      if (!row || row.provider_id !== providerId) return null;
      if (ctx.clock.now().getTime() - Date.parse(row.created_at) > REQUEST_TTL_MS) return null;
      return row.created_at;
    },
    // node-saml removes an id once it has checked it, but not atomically with that check: the id is taken in the
    // sign-in's own transaction instead (samlRepo.takeRequest), so that two racing responses cannot both use it.
    async removeAsync(key) {
      return key;
    },
  };
}

async function samlFor(ctx: AppContext, provider: SamlProviderRow): Promise<SAML> {
  const sp = await spCredentials(ctx);
  const urls = serviceUrls(ctx, provider.id);
  return new SAML({
    entryPoint: provider.sso_url!,
    issuer: urls.entityID,
    audience: urls.entityID,
    callbackUrl: urls.acsURL,
    idpCert: provider.certificate!,
    privateKey: sp.privateKey,
    publicCert: sp.certificate,
    signatureAlgorithm: 'sha256',
    digestAlgorithm: 'sha256',
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    // The assertion must be signed; identity providers differ on signing the response envelope too.
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_TTL_MS,
    cacheProvider: requestStore(ctx, provider.id),
    disableRequestedAuthnContext: true,
  });
}

async function activeProvider(ctx: AppContext, id: string): Promise<SamlProviderRow> {
  const provider = await samlRepo.findById(ctx.db, id);
  if (!provider) throw notFound('SAML provider');
  if (!isActiveProvider(provider)) throw conflict('This SAML provider is pending: set its entityID, certificate and ssoURL first');
  return provider;
}

/** The identity provider's sign-in URL carrying a signed AuthnRequest. */
export async function startSignIn(ctx: AppContext, providerId: string): Promise<string> {
  const provider = await activeProvider(ctx, providerId);
  const now = ctx.clock.now();
  await samlRepo.prune(ctx.db, new Date(now.getTime() - REQUEST_TTL_MS).toISOString(), new Date(now.getTime() - ASSERTION_MEMORY_MS).toISOString());
  return (await samlFor(ctx, provider)).getAuthorizeUrlAsync('', undefined, {});
}

export async function serviceProviderMetadata(ctx: AppContext, providerId: string): Promise<string> {
  const provider = await samlRepo.findById(ctx.db, providerId);
  if (!provider) throw notFound('SAML provider');
  const sp = await spCredentials(ctx);
  const urls = serviceUrls(ctx, provider.id);
  const saml = new SAML({
    issuer: urls.entityID, callbackUrl: urls.acsURL, idpCert: provider.certificate ?? sp.certificate,
    privateKey: sp.privateKey, publicCert: sp.certificate, wantAssertionsSigned: true,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  });
  return saml.generateServiceProviderMetadata(null, sp.certificate);
}

const refused = (reason: string) => badRequest(`SAML response refused: ${reason}`);

interface ResponseFacts {
  destination: string | null;
  assertionId: string | null;
  recipients: string[];
}

/** Deepest nesting and most elements of a response (real ones have about ten levels and a few hundred elements). */
const XML_MAX_DEPTH = 64;
const XML_MAX_ELEMENTS = 20_000;

/**
 * Refuses, in one linear pass before any parser sees it, what no SAML response has: a document type declaration
 * (DOCTYPE, ENTITY: XXE and entity expansion), nesting deeper than XML_MAX_DEPTH or more than XML_MAX_ELEMENTS
 * elements (the sign-in route is public, and parsing and canonicalising a 750 KB tree of them took seconds).
 * Comments, CDATA sections and processing instructions are skipped; quoted attribute values may hold `>`.
 */
function checkXmlShape(xml: string): void {
  let depth = 0;
  let elements = 0;
  for (let i = xml.indexOf('<'); i !== -1 && i < xml.length; i = xml.indexOf('<', i)) {
    const skip = xml.startsWith('<!--', i) ? '-->' : xml.startsWith('<![CDATA[', i) ? ']]>' : xml.startsWith('<?', i) ? '?>' : undefined;
    if (skip) {
      const end = xml.indexOf(skip, i + 2);
      if (end === -1) return;
      i = end + skip.length;
      continue;
    }
    const kind = xml.charCodeAt(i + 1);
    if (kind === 33 /* ! */) throw refused('it has a document type declaration (DOCTYPE or ENTITY), which SAML responses never have');
    let j = i + 1;
    for (let quote = 0; j < xml.length; j++) {
      const c = xml.charCodeAt(j);
      if (quote) {
        if (c === quote) quote = 0;
      } else if (c === 34 || c === 39) quote = c;
      else if (c === 62 /* > */) break;
    }
    if (kind === 47 /* / */) depth--;
    else {
      if (++elements > XML_MAX_ELEMENTS) throw refused(`it has more than ${XML_MAX_ELEMENTS.toLocaleString('en-US')} elements`);
      if (xml.charCodeAt(j - 1) !== 47 && ++depth > XML_MAX_DEPTH) throw refused(`its elements are nested more than ${XML_MAX_DEPTH} levels deep`);
    }
    i = j + 1;
  }
}

/** What node-saml does not check: the response's Destination, the assertion's id (replay) and Recipient. */
function readResponseFacts(xml: string): ResponseFacts {
  checkXmlShape(xml);
  let doc: Document;
  try {
    doc = new DOMParser({ onError: () => undefined }).parseFromString(xml, 'text/xml');
  } catch {
    throw refused('it is not XML');
  }
  const root = doc?.documentElement;
  if (!root || root.localName !== 'Response') throw refused('it is not a SAML Response');
  const assertions = [...childElements(root)].filter((e) => e.localName === 'Assertion');
  const recipients: string[] = [];
  for (const a of assertions) {
    for (const el of Array.from(a.getElementsByTagNameNS('*', 'SubjectConfirmationData'))) {
      const r = el.getAttribute('Recipient');
      if (r) recipients.push(r);
    }
  }
  return { destination: root.getAttribute('Destination'), assertionId: assertions[0]?.getAttribute('ID') ?? null, recipients };
}

function* childElements(el: Element): Iterable<Element> {
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) yield n as Element;
}

const EMAIL_CLAIM = 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress';
const NAME_CLAIMS = ['displayName', 'http://schemas.microsoft.com/identity/claims/displayname', 'name', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name'];
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function attr(profile: Profile, name: string): string | undefined {
  const v = (profile as Record<string, unknown>)[name];
  const first = Array.isArray(v) ? v[0] : v;
  return typeof first === 'string' && first.trim() ? first.trim() : undefined;
}

function emailOf(profile: Profile): string | undefined {
  const candidates = [attr(profile, 'email'), attr(profile, 'mail'), attr(profile, EMAIL_CLAIM), profile.nameID];
  return candidates.find((c): c is string => typeof c === 'string' && EMAIL_RE.test(c) && c.length <= 320);
}

function displayNameOf(profile: Profile, email: string): string {
  for (const n of NAME_CLAIMS) {
    const v = attr(profile, n);
    if (v) return v.slice(0, 100);
  }
  const given = attr(profile, 'firstName') ?? attr(profile, 'givenName') ?? attr(profile, 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname');
  const family = attr(profile, 'lastName') ?? attr(profile, 'sn') ?? attr(profile, 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname');
  const full = [given, family].filter(Boolean).join(' ');
  return (full || email.split('@')[0]!).slice(0, 100);
}

export interface SignInResult {
  user: UserRow;
  orgId: string;
  token: string;
  expiresAt: string;
}

/** Checks the identity provider's response and signs the user in (see the top of this file). */
export async function completeSignIn(ctx: AppContext, providerId: string, form: { SAMLResponse: string }): Promise<SignInResult> {
  const provider = await activeProvider(ctx, providerId);
  const urls = serviceUrls(ctx, provider.id);
  const xml = Buffer.from(form.SAMLResponse, 'base64').toString('utf8');
  const facts = readResponseFacts(xml);
  if (facts.destination !== urls.acsURL) throw refused(`its Destination is ${facts.destination ? `"${facts.destination}"` : 'missing'}, not ${urls.acsURL}`);
  if (facts.recipients.some((r) => r !== urls.acsURL)) throw refused(`its Recipient is not ${urls.acsURL}`);

  let profile: Profile | null;
  try {
    ({ profile } = await (await samlFor(ctx, provider)).validatePostResponseAsync({ SAMLResponse: form.SAMLResponse }));
  } catch (err) {
    throw refused(err instanceof Error ? err.message : String(err));
  }
  if (!profile) throw refused('it is not a sign-in response');
  if (profile.issuer !== provider.entity_id) throw refused(`its issuer "${profile.issuer ?? ''}" is not the provider's entityID`);
  if (!facts.assertionId) throw refused('its assertion has no ID');
  const email = emailOf(profile);
  if (!email) throw refused('it names no email address (NameID or an email attribute)');
  const inResponseTo = typeof profile.inResponseTo === 'string' ? profile.inResponseTo : undefined;
  if (!inResponseTo) throw refused('it does not answer a sign-in started here');

  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + ctx.config.ssoTokenTtlSeconds * 1000).toISOString();
  try {
    return await ctx.db.transaction().execute(async (tx) => {
      // Each request is answered once, and each assertion used once (also across processes: both are rows).
      if (!(await samlRepo.takeRequest(tx, inResponseTo))) throw refused('its sign-in request was already answered');
      await samlRepo.insertAssertion(tx, provider.id, facts.assertionId!, now.toISOString());
      const user = await findOrCreateUser(ctx, tx, email, displayNameOf(profile!, email));
      await makeSsoMember(ctx, tx, provider, user);
      const { secret } = await createToken(ctx, user.id, `SSO: ${provider.label}`.slice(0, 50), { expiresAt, ssoOrgId: provider.org_id, db: tx });
      return { user, orgId: provider.org_id, token: secret, expiresAt };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw refused('its assertion was already used');
    throw err;
  }
}

async function findOrCreateUser(ctx: AppContext, tx: DbOrTx, email: string, displayName: string): Promise<UserRow> {
  const existing = await usersRepo.findByEmail(tx, email);
  if (existing) return existing;
  const at = ctx.clock.now().toISOString();
  return usersRepo.insert(tx, {
    id: newId(), email, email_lower: email.toLowerCase(), display_name: displayName, photo_url: null, is_instance_admin: 0, created_at: at, updated_at: at,
  });
}

async function makeSsoMember(ctx: AppContext, tx: DbOrTx, provider: SamlProviderRow, user: UserRow): Promise<void> {
  const member = await membersRepo.find(tx, provider.org_id, user.id);
  if (member?.disabled) throw forbidden('Your membership of this organization is disabled');
  if (member) {
    if (!member.sso) await membersRepo.update(tx, provider.org_id, user.id, { sso: 1 });
    return;
  }
  const at = ctx.clock.now().toISOString();
  await membersRepo.insert(tx, { org_id: provider.org_id, user_id: user.id, role: provider.default_role, disabled: 0, sso: 1, joined_at: at, last_seen_at: null });
  await recordAudit(ctx, tx, userAsActor(user), provider.org_id, { action: 'member.joined', target: { type: 'member', id: user.id, label: user.display_name }, payload: { role: provider.default_role, via: 'sso', provider: provider.id } });
  if (provider.default_team_id && (await teamsRepo.find(tx, provider.org_id, provider.default_team_id))) {
    await teamsRepo.addMember(tx, { team_id: provider.default_team_id, user_id: user.id, org_id: provider.org_id, role: 'member', added_at: at }, { updateRole: false });
  }
}

