// GitBook's official client (@gitbook/api) against Bindery's comments and change requests, unchanged.
import { GitBookAPI } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { addMember, createOrganization, createUser, useTestServer } from '../src/testing/index.js';
import { failure } from './support/gitbook-client.js';

type R<T = any> = Promise<{ status: number; data: T }>;
interface Client {
  spaces: {
    postCommentInSpace(s: string, body: unknown): R;
    listCommentsInSpace(s: string, q?: Record<string, unknown>): R;
    getCommentInSpace(s: string, c: string, q?: Record<string, unknown>): R;
    updateCommentInSpace(s: string, c: string, body: unknown): R;
    deleteCommentInSpace(s: string, c: string): R<null>;
    postCommentReplyInSpace(s: string, c: string, body: unknown): R;
    listCommentRepliesInSpace(s: string, c: string, q?: Record<string, unknown>): R;
    deleteCommentReplyInSpace(s: string, c: string, r: string): R<null>;
    createChangeRequest(s: string, body: unknown): R;
    listChangeRequestsForSpace(s: string, q?: Record<string, unknown>): R;
    getChangeRequestById(s: string, cr: string): R;
    updateChangeRequestById(s: string, cr: string, body: unknown, params?: Record<string, unknown>): R;
    postCommentInChangeRequest(s: string, cr: string, body: unknown): R;
    listCommentsInChangeRequest(s: string, cr: string, q?: Record<string, unknown>): R;
    submitChangeRequestReview(s: string, cr: string, body: unknown): R;
    getReviewsByChangeRequestId(s: string, cr: string, q?: Record<string, unknown>): R;
    requestReviewersForChangeRequest(s: string, cr: string, body: unknown): R;
    getRequestedReviewersByChangeRequestId(s: string, cr: string, q?: Record<string, unknown>): R;
    removeRequestedReviewerFromChangeRequest(s: string, cr: string, u: string): R<null>;
    updateCommentReplyInSpace(s: string, c: string, r: string, body: unknown): R;
    listPages(s: string): R;
    listPagesInChangeRequest(s: string, cr: string): R;
    applyTemplateToSpace(s: string, body: unknown): R<null>;
  };
  orgs: { listChangeRequestsForOrganization(o: string, q?: Record<string, unknown>): R };
}

const server = useTestServer();

describe('@gitbook/api: comments and change requests', () => {
  it('runs the comment, reply, change request, review and reviewer calls', async () => {
    const owner = await createUser(server, 'Gb Owner');
    const reviewer = await createUser(server, 'Gb Reviewer');
    const org = await createOrganization(server, owner);
    await addMember(server, org.id, owner, reviewer, 'review');
    const space = (await server.api(owner.token).post(`/v1/orgs/${org.id}/spaces`, { title: 'S' })).body;
    const gb = new GitBookAPI({ endpoint: server.url, authToken: owner.token }) as unknown as Client;
    const gbReviewer = new GitBookAPI({ endpoint: server.url, authToken: reviewer.token }) as unknown as Client;

    const c = (await gb.spaces.postCommentInSpace(space.id, { body: { markdown: 'Hello' } })).data;
    expect(c.body).toEqual({ markdown: 'Hello' });
    const list = (await gb.spaces.listCommentsInSpace(space.id, { status: 'open', authors: [owner.id, reviewer.id], order: 'asc', limit: 10 })).data;
    expect(list.items.map((i: any) => i.id)).toEqual([c.id]);
    expect((await gb.spaces.listCommentsInSpace(space.id, { authors: [reviewer.id] })).data.items).toEqual([]);
    expect((await gb.spaces.getCommentInSpace(space.id, c.id, { format: 'document' })).data.body.document.object).toBe('document');
    expect((await gb.spaces.updateCommentInSpace(space.id, c.id, { resolved: true, addedReactions: ['👍'] })).data).toMatchObject({ status: 'resolved', reactions: [{ emoji: '👍', count: 1 }] });
    const reply = (await gb.spaces.postCommentReplyInSpace(space.id, c.id, { body: { markdown: 'Re' } })).data;
    expect((await gb.spaces.listCommentRepliesInSpace(space.id, c.id)).data.items.map((r: any) => r.id)).toEqual([reply.id]);
    expect((await gb.spaces.deleteCommentReplyInSpace(space.id, c.id, reply.id)).status).toBe(204);
    expect((await gb.spaces.deleteCommentInSpace(space.id, c.id)).status).toBe(204);

    const cr = (await gb.spaces.createChangeRequest(space.id, { subject: 'Proposal' })).data;
    expect(cr).toMatchObject({ object: 'change-request', number: 1, status: 'draft' });
    expect((await gb.spaces.getChangeRequestById(space.id, String(cr.number))).data.id).toBe(cr.id);
    expect((await gb.spaces.updateChangeRequestById(space.id, cr.id, { status: 'open' })).data.status).toBe('open');
    const minimal = await gb.spaces.updateChangeRequestById(space.id, cr.id, { subject: 'P2' }, { headers: { prefer: 'return=minimal' } }).catch((e: Error) => e);
    // The client parses JSON on every 2xx of this operation (facts §9): with return=minimal it throws on the empty body.
    expect(minimal).toBeInstanceOf(SyntaxError);
    expect((await gb.spaces.listChangeRequestsForSpace(space.id)).data.items.map((i: any) => i.subject)).toEqual(['P2']);
    expect((await gb.orgs.listChangeRequestsForOrganization(org.id, { creator: owner.id })).data.items).toHaveLength(1);
    expect((await gb.spaces.postCommentInChangeRequest(space.id, cr.id, { body: { markdown: 'on CR' } })).data.target.changeRequest).toBe(cr.id);
    expect((await gb.spaces.listCommentsInChangeRequest(space.id, cr.id)).data.items).toHaveLength(1);
    const requested = (await gb.spaces.requestReviewersForChangeRequest(space.id, cr.id, { users: [reviewer.id] })).data;
    expect(requested.users[0]).toMatchObject({ kind: 'user', user: { id: reviewer.id } });
    expect((await gb.spaces.getRequestedReviewersByChangeRequestId(space.id, cr.id)).data.items).toHaveLength(1);
    const review = (await gbReviewer.spaces.submitChangeRequestReview(space.id, cr.id, { status: 'approved' })).data;
    expect(review).toMatchObject({ status: 'approved', outdated: false, requestedBy: { id: owner.id } });
    expect((await gb.spaces.getReviewsByChangeRequestId(space.id, cr.id, { outdated: false })).data.items).toHaveLength(1);
    expect((await gb.spaces.removeRequestedReviewerFromChangeRequest(space.id, cr.id, reviewer.id)).status).toBe(204);
  });

  it('takes GitBook\'s templates for change requests: created from one, and applied to one with changeRequestId', async () => {
    const owner = await createUser(server, 'Gb Template');
    const reader = await createUser(server, 'Gb Template reader');
    const org = await createOrganization(server, owner);
    await addMember(server, org.id, owner, reader, 'read');
    const space = (await server.api(owner.token).post(`/v1/orgs/${org.id}/spaces`, { title: 'S' })).body;
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const logo = (await server.api(owner.token).request('POST', `/v1/spaces/${space.id}/content/files?name=logo.png`, png, { 'content-type': 'image/png' })).body;
    const api = new GitBookAPI({ endpoint: server.url, authToken: owner.token }) as unknown as Client;
    const titles = (pages: { title: string }[]) => pages.map((p) => p.title);

    // createChangeRequest {template}: the template's pages are the change request's first revision; main is unchanged.
    const cr = await api.spaces.createChangeRequest(space.id, { subject: 'Start the docs', template: { id: 'knowledge-base', params: { contentRefs: { logo: { kind: 'file', file: logo.id } } } } });
    expect(cr.status).toBe(201);
    expect(cr.data.revision).not.toBe(cr.data.revisionInitial);
    const inCr = titles((await api.spaces.listPagesInChangeRequest(space.id, cr.data.id)).data.pages);
    expect(inCr.length).toBeGreaterThan(0);
    expect(titles((await api.spaces.listPages(space.id)).data.pages)).toEqual([]);
    const md = (await server.api(owner.token).get(`/v1/spaces/${space.id}/change-requests/${cr.data.id}/content`)).body;
    expect(JSON.stringify(md)).toContain(logo.id);

    // content/template {changeRequestId}: applied to that change request (by number), not to the space.
    expect((await api.spaces.applyTemplateToSpace(space.id, { id: 'api-reference', changeRequestId: String(cr.data.number) })).status).toBe(201);
    const after = titles((await api.spaces.listPagesInChangeRequest(space.id, cr.data.id)).data.pages);
    expect(after.slice(0, inCr.length)).toEqual(inCr);
    expect(after.length).toBeGreaterThan(inCr.length);
    expect(titles((await api.spaces.listPages(space.id)).data.pages)).toEqual([]);

    // Refusals leave nothing behind: an unknown template, a file the space lacks, a reader, a change request that is not there.
    const count = (await api.spaces.listChangeRequestsForSpace(space.id, { status: 'draft' })).data.count;
    const unknown = await failure(api.spaces.createChangeRequest(space.id, { template: { id: 'no-such-template' } }));
    expect([unknown.code, unknown.errorMessage]).toEqual([400, expect.stringContaining('/body/template/id')]);
    const file = await failure(api.spaces.createChangeRequest(space.id, { template: { id: 'product-docs', params: { contentRefs: { logo: { kind: 'file', file: 'file-missing' } } } } }));
    expect([file.code, file.errorMessage]).toEqual([400, expect.stringContaining('/body/template/params/contentRefs/logo/file')]);
    const readerApi = new GitBookAPI({ endpoint: server.url, authToken: reader.token }) as unknown as Client;
    expect((await failure(readerApi.spaces.createChangeRequest(space.id, { template: { id: 'product-docs' } }))).code).toBe(403);
    expect((await api.spaces.listChangeRequestsForSpace(space.id, { status: 'draft' })).data.count).toBe(count);
    expect((await failure(api.spaces.applyTemplateToSpace(space.id, { id: 'product-docs', changeRequestId: '99' }))).code).toBe(404);
    expect(titles((await api.spaces.listPages(space.id)).data.pages)).toEqual([]);
  });

  it('requests reviewers with GitBook\'s subject and description, which update the change request with the request', async () => {
    const owner = await createUser(server, 'Gb Asker');
    const reviewer = await createUser(server, 'Gb Asked');
    const org = await createOrganization(server, owner);
    await addMember(server, org.id, owner, reviewer, 'review');
    const space = (await server.api(owner.token).post(`/v1/orgs/${org.id}/spaces`, { title: 'S' })).body;
    const api = new GitBookAPI({ endpoint: server.url, authToken: owner.token }) as unknown as Client;
    const cr = (await api.spaces.createChangeRequest(space.id, { subject: 'Draft' })).data;
    const description = { object: 'document', data: { schemaVersion: 1 }, nodes: [{ object: 'block', type: 'paragraph', isVoid: false, data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Ready for review ✅', marks: [] }] }] }] };

    const asked = await api.spaces.requestReviewersForChangeRequest(space.id, cr.id, { users: [reviewer.id], subject: 'Ready: the new intro', description });
    expect(asked.data.users.map((u: any) => u.user.id)).toEqual([reviewer.id]);
    const got = (await api.spaces.getChangeRequestById(space.id, cr.id)).data;
    expect(got.subject).toBe('Ready: the new intro');
    expect(JSON.stringify(got.description)).toContain('Ready for review ✅');
    // Only the users: the change request is left as it is.
    expect((await api.spaces.requestReviewersForChangeRequest(space.id, cr.id, { users: [reviewer.id] })).data.users).toHaveLength(1);
    expect((await api.spaces.getChangeRequestById(space.id, cr.id)).data.subject).toBe('Ready: the new intro');
    // A refused subject leaves everything as it was: no new request, no new subject.
    await api.spaces.removeRequestedReviewerFromChangeRequest(space.id, cr.id, reviewer.id);
    const long = await failure(api.spaces.requestReviewersForChangeRequest(space.id, cr.id, { users: [reviewer.id], subject: 'x'.repeat(101) }));
    expect([long.code, long.errorMessage]).toEqual([400, expect.stringContaining('/body/subject')]);
    const badUser = await failure(api.spaces.requestReviewersForChangeRequest(space.id, cr.id, { users: [owner.id], subject: 'Changed' }));
    expect([badUser.code, badUser.errorMessage]).toEqual([400, expect.stringContaining('/body/users/0')]);
    expect((await api.spaces.getRequestedReviewersByChangeRequestId(space.id, cr.id)).data.items).toEqual([]);
    expect((await api.spaces.getChangeRequestById(space.id, cr.id)).data.subject).toBe('Ready: the new intro');
  });

  it('takes reactions that are emojis (GitBook\'s Emoji), and refuses others naming the item', async () => {
    const owner = await createUser(server, 'Gb Reactor');
    const org = await createOrganization(server, owner);
    const space = (await server.api(owner.token).post(`/v1/orgs/${org.id}/spaces`, { title: 'S' })).body;
    const api = new GitBookAPI({ endpoint: server.url, authToken: owner.token }) as unknown as Client;
    const comment = (await api.spaces.postCommentInSpace(space.id, { body: { markdown: 'React to me' } })).data;
    const emojis = (c: any) => c.reactions.map((r: any) => r.emoji).sort();

    const reacted = (await api.spaces.updateCommentInSpace(space.id, comment.id, { addedReactions: ['👍🏽', '👨‍👩‍👧', '1f389', '🇫🇷'] })).data;
    expect(emojis(reacted)).toEqual(['1f389', '👍🏽', '👨‍👩‍👧', '🇫🇷'].sort());
    for (const [i, bad] of [[0, 'abc'], [1, ':+1:'], [1, '👍👍']] as const) {
      const list = i === 0 ? [bad] : ['👍', bad];
      const err = await failure(api.spaces.updateCommentInSpace(space.id, comment.id, { addedReactions: list, body: { markdown: 'Changed' } }));
      expect([err.code, err.errorMessage]).toEqual([400, expect.stringContaining(`/body/addedReactions/${i}`)]);
    }
    const unchanged = (await api.spaces.getCommentInSpace(space.id, comment.id, { format: 'markdown' })).data;
    expect([unchanged.body.markdown.trim(), emojis(unchanged)]).toEqual(['React to me', emojis(reacted)]);
    expect(emojis((await api.spaces.updateCommentInSpace(space.id, comment.id, { removedReactions: ['1f389', 'never-stored'] })).data)).toEqual(['👍🏽', '👨‍👩‍👧', '🇫🇷'].sort());

    const reply = (await api.spaces.postCommentReplyInSpace(space.id, comment.id, { body: { markdown: 'Me too' } })).data;
    const replyErr = await failure(api.spaces.updateCommentReplyInSpace(space.id, comment.id, reply.id, { addedReactions: ['x'] }));
    expect([replyErr.code, replyErr.errorMessage]).toEqual([400, expect.stringContaining('/body/addedReactions/0')]);
    expect(emojis((await api.spaces.updateCommentReplyInSpace(space.id, comment.id, reply.id, { addedReactions: ['🎉'] })).data)).toEqual(['🎉']);
  });
});
