// SAML providers (GitBook's SSO endpoints), the sign-in exchange (Bindery extensions) and subdomains.
import { listBody } from '../db/pagination.js';
import { handlers } from '../http/operations.js';
import { presentSamlProvider, presentSsoLogin, presentSsoSession, ssoSessionPage } from '../presenters/saml.js';
import { presentSubdomain } from '../presenters/organization.js';
import { getOrganizationBySubdomain } from '../services/organizations.js';
import * as saml from '../services/saml.js';

const wantsJson = (accept: string | undefined) => /\bapplication\/json\b/.test(accept ?? '') && !/\btext\/html\b/.test(accept ?? '');

export const ssoHandlers = handlers({
  listSAMLProvidersInOrganizationById: async ({ actor, params, query }, ctx) => {
    const page = await saml.listProviders(ctx, actor, params.organizationId, query);
    return { status: 200, body: listBody(page.items.map((p) => presentSamlProvider(ctx.config, p.provider, p.team)), page) };
  },
  createOrganizationSAMLProvider: async ({ actor, params, body }, ctx) => {
    const p = await saml.createProvider(ctx, actor, params.organizationId, body);
    const json = presentSamlProvider(ctx.config, p.provider, p.team);
    return { status: 201, body: json, headers: { Location: json.urls.location } };
  },
  getOrganizationSAMLProviderById: async ({ actor, params }, ctx) => {
    const p = await saml.getProvider(ctx, actor, params.organizationId, params.samlProviderId);
    return { status: 200, body: presentSamlProvider(ctx.config, p.provider, p.team) };
  },
  updateOrganizationSAMLProvider: async ({ actor, params, body }, ctx) => {
    const p = await saml.updateProvider(ctx, actor, params.organizationId, params.samlProviderId, body);
    return { status: 200, body: presentSamlProvider(ctx.config, p.provider, p.team) };
  },
  deleteOrganizationSAMLProvider: async ({ actor, params }, ctx) => {
    await saml.deleteProvider(ctx, actor, params.organizationId, params.samlProviderId);
    return { status: 204, body: undefined };
  },
  listSSOProviderLoginsInOrganization: async ({ params }, ctx) => {
    const providers = await saml.listSignInOptions(ctx, params.organizationId);
    return { status: 200, body: { items: providers.map((p) => presentSsoLogin(ctx.config, p)) } };
  },

  startSAMLSignIn: async ({ params }, ctx) => {
    const location = await saml.startSignIn(ctx, params.samlProviderId);
    return { status: 302, body: undefined as never, headers: { Location: location, 'Cache-Control': 'no-store' } };
  },
  completeSAMLSignIn: async ({ params, body, headers }, ctx) => {
    const session = await saml.completeSignIn(ctx, params.samlProviderId, body);
    const noStore = { 'Cache-Control': 'no-store' };
    if (wantsJson(headers.accept)) return { status: 200, body: presentSsoSession(ctx.config, session), headers: noStore };
    return {
      status: 200, body: undefined as never, headers: { ...noStore, 'Content-Security-Policy': "default-src 'none'" },
      file: { contentType: 'text/html; charset=utf-8', data: Buffer.from(ssoSessionPage(session)) },
    };
  },
  getSAMLServiceProviderMetadata: async ({ params }, ctx) => {
    const xml = await saml.serviceProviderMetadata(ctx, params.samlProviderId);
    return { status: 200, body: undefined as never, file: { contentType: 'application/samlmetadata+xml; charset=utf-8', data: Buffer.from(xml) } };
  },

  getSubdomain: async ({ params }, ctx) => {
    return { status: 200, body: presentSubdomain(await getOrganizationBySubdomain(ctx, params.subdomain)) };
  },
});
