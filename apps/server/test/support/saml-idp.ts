// A local SAML identity provider for tests: its own key pair and certificate (made by the test run), reads
// Bindery's AuthnRequests off the redirect URL, and writes signed (or deliberately broken) responses.
import { randomBytes } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { generate } from 'selfsigned';
import { SignedXml } from 'xml-crypto';

export interface IdpKeys {
  privateKey: string;
  certificate: string;
}

export async function makeIdpKeys(commonName = 'Test IdP'): Promise<IdpKeys> {
  const notBeforeDate = new Date(Date.now() - 3600_000);
  const pems = await generate([{ name: 'commonName', value: commonName }], {
    keySize: 2048, algorithm: 'sha256', notBeforeDate, notAfterDate: new Date(notBeforeDate.getTime() + 30 * 86_400_000),
  });
  return { privateKey: pems.private, certificate: pems.cert };
}

/** What the identity provider reads off Bindery's redirect (HTTP-Redirect binding). */
export interface AuthnRequest {
  id: string;
  xml: string;
  destination: string | null;
  acsUrl: string | null;
  issuer: string | null;
  /** The signature query parameters, as sent. */
  sigAlg: string | null;
  signature: string | null;
  /** The signed part of the query string: SAMLRequest=…&RelayState=…&SigAlg=… exactly as encoded. */
  signedQuery: string;
}

export function readAuthnRequest(location: string): AuthnRequest {
  const url = new URL(location);
  const raw = url.searchParams.get('SAMLRequest');
  if (!raw) throw new Error('no SAMLRequest in ' + location);
  const xml = inflateRawSync(Buffer.from(raw, 'base64')).toString('utf8');
  const attr = (name: string) => new RegExp(`<(?:\\w+:)?AuthnRequest[^>]*\\s${name}="([^"]*)"`).exec(xml)?.[1] ?? null;
  const issuer = /<(?:\w+:)?Issuer[^>]*>([^<]*)</.exec(xml)?.[1] ?? null;
  const query = url.search.slice(1).split('&');
  const signedQuery = ['SAMLRequest', 'RelayState', 'SigAlg'].map((k) => query.find((q) => q.startsWith(k + '='))).filter(Boolean).join('&');
  return {
    id: attr('ID')!, xml, destination: attr('Destination'), acsUrl: attr('AssertionConsumerServiceURL'), issuer,
    sigAlg: url.searchParams.get('SigAlg'), signature: url.searchParams.get('Signature'), signedQuery,
  };
}

export interface ResponseOptions {
  keys: IdpKeys;
  /** The identity provider's entity id (the provider's `entityID`). */
  issuer: string;
  /** Bindery's ACS URL and entity id. */
  destination: string;
  audience: string;
  inResponseTo: string;
  email: string;
  attributes?: Record<string, string>;
  /** Validity window; defaults to now - 1 min .. now + 5 min. */
  notBefore?: Date;
  notOnOrAfter?: Date;
  /** What to sign: the assertion (default), the response too, or nothing. */
  sign?: 'assertion' | 'both' | 'none';
  assertionId?: string;
}

const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const xmlId = () => '_' + randomBytes(16).toString('hex');

function sign(xml: string, keys: IdpKeys, element: 'Assertion' | 'Response'): string {
  const sig = new SignedXml({
    privateKey: keys.privateKey, publicCert: keys.certificate,
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  });
  const path = element === 'Assertion' ? "//*[local-name(.)='Assertion']" : "/*[local-name(.)='Response']";
  sig.addReference({
    xpath: path,
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
  });
  sig.computeSignature(xml, { prefix: 'ds', location: { reference: `${path}/*[local-name(.)='Issuer']`, action: 'after' } });
  return sig.getSignedXml();
}

/** A SAML 2.0 Response (base64, as the browser posts it) for `opts`. */
export function makeResponse(opts: ResponseOptions): string {
  const now = new Date();
  const notBefore = opts.notBefore ?? new Date(now.getTime() - 60_000);
  const notOnOrAfter = opts.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000);
  const assertionId = opts.assertionId ?? xmlId();
  const attributes = Object.entries({ email: opts.email, ...opts.attributes })
    .map(([k, v]) => `<saml:Attribute Name="${esc(k)}"><saml:AttributeValue>${esc(v)}</saml:AttributeValue></saml:Attribute>`)
    .join('');
  let assertion =
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${assertionId}" Version="2.0" IssueInstant="${iso(now)}">` +
    `<saml:Issuer>${esc(opts.issuer)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${esc(opts.email)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="${esc(opts.inResponseTo)}" ` +
    `NotOnOrAfter="${iso(notOnOrAfter)}" Recipient="${esc(opts.destination)}"/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${iso(notBefore)}" NotOnOrAfter="${iso(notOnOrAfter)}"><saml:AudienceRestriction><saml:Audience>${esc(opts.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="${xmlId()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` +
    `</saml:Assertion>`;
  const signWhat = opts.sign ?? 'assertion';
  if (signWhat !== 'none') assertion = sign(assertion, opts.keys, 'Assertion').replace(/^<\?xml[^>]*>/, '');
  let response =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${xmlId()}" Version="2.0" ` +
    `IssueInstant="${iso(now)}" Destination="${esc(opts.destination)}" InResponseTo="${esc(opts.inResponseTo)}">` +
    `<saml:Issuer>${esc(opts.issuer)}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    assertion +
    `</samlp:Response>`;
  if (signWhat === 'both') response = sign(response, opts.keys, 'Response');
  return Buffer.from(response).toString('base64');
}
