// Built-in content templates (POST /v1/spaces/{spaceId}/content/template). Applying one appends its pages at the
// top level of the space's content as one revision (existing pages are kept; slugs that clash get a suffix). Pages
// link to each other by stable id, so a template applied twice links within each copy. `params.contentRefs`
// fills the template's file slots (`logo` in every template) with files of the space.
import { ApiError, invalidField } from '../errors.js';
import { newId } from '../lib/ids.js';
import type { Actor } from './auth.js';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/database.js';
import { type ContentEdit, editChangeRequestContent, editSpace, findFile, loadChangeRequestContent, loadContent } from '../engine/index.js';
import type { CommitResult, RevisionContent } from '../engine/index.js';
import { locatedIn } from './content-errors.js';

interface TemplatePage {
  key: string;
  title: string;
  emoji?: string;
  type?: 'document' | 'group';
  markdown?: string;
  pages?: TemplatePage[];
}

export interface Template {
  id: string;
  title: string;
  description: string;
  pages: TemplatePage[];
}

// `{{page:key}}` is replaced by the stable link of the template's page `key`; `{{file:name}}` by the file given in
// `params.contentRefs[name]` (lines using a slot that was not given are dropped).
export const TEMPLATES: Template[] = [
  {
    id: 'product-docs',
    title: 'Product documentation',
    description: 'An overview, a getting-started section, guides and reference pages for a product.',
    pages: [
      {
        key: 'overview', title: 'Overview', emoji: '👋',
        markdown: `![Logo]({{file:logo}})

Welcome to the documentation of our product. Start with the [quickstart]({{page:quickstart}}), then read the [guides]({{page:configuration}}).

## What you can do

- Set things up in minutes: see [Installation]({{page:installation}}).
- Tune it to your needs: see [Configuration]({{page:configuration}}).
- Find answers: see the [FAQ]({{page:faq}}).

{% hint style="info" %}
Replace this text with a short description of your product and who it is for.
{% endhint %}
`,
      },
      {
        key: 'getting-started', title: 'Getting started', type: 'group',
        pages: [
          { key: 'quickstart', title: 'Quickstart', emoji: '🚀', markdown: 'Get up and running in five minutes.\n\n## Prerequisites\n\n- An account\n- A terminal\n\n## Steps\n\n1. Install the product ([Installation]({{page:installation}})).\n2. Create your first project.\n3. Share it with your team.\n' },
          { key: 'installation', title: 'Installation', markdown: '## Requirements\n\n| Platform | Minimum version |\n| --- | --- |\n| Linux | 5.10 |\n| macOS | 13 |\n| Windows | 11 |\n\n## Install\n\n```sh\ncurl -fsSL https://example.com/install.sh | sh\n```\n' },
        ],
      },
      {
        key: 'guides', title: 'Guides', type: 'group',
        pages: [
          { key: 'configuration', title: 'Configuration', markdown: 'Every setting has a sensible default.\n\n## Settings\n\n| Setting | Default | Meaning |\n| --- | --- | --- |\n| `port` | `8080` | Where to listen |\n| `log_level` | `info` | How much to log |\n' },
          { key: 'troubleshooting', title: 'Troubleshooting', markdown: '## It does not start\n\nCheck the logs, then the [configuration]({{page:configuration}}).\n\n{% hint style="warning" %}\nNever share your logs publicly: they may contain secrets.\n{% endhint %}\n' },
        ],
      },
      {
        key: 'reference', title: 'Reference', type: 'group',
        pages: [
          { key: 'faq', title: 'FAQ', markdown: '## Is there a free plan?\n\nYes.\n\n## Where is my data stored?\n\nOn your own servers.\n' },
          { key: 'changelog', title: 'Changelog', markdown: '## 1.0.0\n\n- First release.\n' },
        ],
      },
    ],
  },
  {
    id: 'api-reference',
    title: 'API reference',
    description: 'An introduction, authentication, errors and pagination, and a section per resource of an HTTP API.',
    pages: [
      { key: 'introduction', title: 'Introduction', emoji: '📖', markdown: '![Logo]({{file:logo}})\n\nThe API is organised around REST: resource-oriented URLs, JSON bodies and standard HTTP status codes.\n\nRead [Authentication]({{page:authentication}}) first.\n\n```sh\ncurl https://api.example.com/v1/ -H "Authorization: Bearer $TOKEN"\n```\n' },
      { key: 'authentication', title: 'Authentication', emoji: '🔑', markdown: 'Every request carries an API token:\n\n```http\nAuthorization: Bearer <token>\n```\n\n{% hint style="danger" %}\nKeep tokens secret: they carry your permissions.\n{% endhint %}\n' },
      { key: 'errors', title: 'Errors', markdown: 'Errors are JSON objects:\n\n```json\n{"error": {"code": 404, "message": "Not found"}}\n```\n\n| Status | Meaning |\n| --- | --- |\n| 400 | The request is invalid |\n| 401 | The token is missing or wrong |\n| 403 | The token may not do this |\n| 404 | The resource does not exist |\n| 429 | Too many requests |\n' },
      { key: 'pagination', title: 'Pagination', markdown: 'Lists return `items` and, when there are more, `next.page`: pass it back as `?page=` to fetch the following results.\n' },
      {
        key: 'endpoints', title: 'Endpoints', type: 'group',
        pages: [
          { key: 'users', title: 'Users', markdown: '## Get a user\n\n`GET /v1/users/{id}`\n\nReturns the user. See [Errors]({{page:errors}}).\n\n## List users\n\n`GET /v1/users`\n\nA paginated list ([Pagination]({{page:pagination}})).\n' },
          { key: 'projects', title: 'Projects', markdown: '## Create a project\n\n`POST /v1/projects`\n\n```json\n{"name": "My project"}\n```\n' },
        ],
      },
    ],
  },
  {
    id: 'knowledge-base',
    title: 'Knowledge base',
    description: 'A team knowledge base: how-to articles, policies and frequently asked questions.',
    pages: [
      { key: 'welcome', title: 'Welcome', emoji: '🏠', markdown: '![Logo]({{file:logo}})\n\nThis is where the team writes down what it knows.\n\n- New here? Read [Onboarding]({{page:onboarding}}).\n- Looking for a rule? See [Policies]({{page:policies}}).\n' },
      {
        key: 'how-to', title: 'How-to articles', type: 'group',
        pages: [
          { key: 'onboarding', title: 'Onboarding', emoji: '🧭', markdown: '## Your first week\n\n- [ ] Get your accounts\n- [ ] Meet the team\n- [ ] Ship something small\n' },
          { key: 'request-access', title: 'Request access to a tool', markdown: '1. Open a ticket.\n2. Say which tool and why.\n3. Your manager approves it.\n' },
        ],
      },
      { key: 'policies', title: 'Policies', emoji: '📜', markdown: '## Security\n\nUse a password manager and two-factor authentication everywhere.\n\n## Time off\n\nTell your team a week ahead.\n' },
      { key: 'faq', title: 'FAQ', emoji: '❓', markdown: '## Who do I ask about payroll?\n\nThe people team.\n' },
    ],
  },
];

export function findTemplate(id: string): Template {
  const t = TEMPLATES.find((x) => x.id === id);
  if (!t) throw new ApiError(404, `Template not found: ${id} (built-in templates: ${TEMPLATES.map((x) => x.id).join(', ')})`);
  return t;
}

/** The edits that add a template's pages (fresh ids), with its slots filled. */
export function templateEdits(t: Template, files: Record<string, string>): ContentEdit[] {
  const ids = new Map<string, string>();
  const assign = (pages: TemplatePage[]) => pages.forEach((p) => { ids.set(p.key, newId()); assign(p.pages ?? []); });
  assign(t.pages);
  const fill = (md: string) =>
    md
      .split('\n')
      .filter((line) => [...line.matchAll(/\{\{file:([\w-]+)\}\}/g)].every((m) => files[m[1]!] !== undefined))
      .join('\n')
      .replace(/\{\{page:([\w-]+)\}\}/g, (_, key: string) => `/pages/${ids.get(key) ?? key}`)
      .replace(/\{\{file:([\w-]+)\}\}/g, (_, name: string) => `/files/${files[name]}`)
      .replace(/^\n+/, '');
  const edits: ContentEdit[] = [];
  const add = (pages: TemplatePage[], parent: string | null) => {
    for (const p of pages) {
      edits.push({ op: 'createPage', id: ids.get(p.key)!, parent, title: p.title, type: p.type ?? 'document', ...(p.emoji ? { emoji: p.emoji } : {}), ...(p.markdown ? { markdown: fill(p.markdown) } : {}) });
      add(p.pages ?? [], ids.get(p.key)!);
    }
  };
  add(t.pages, null);
  return edits;
}

type TemplateInput = { id: string; params?: { contentRefs?: Record<string, { kind: 'file'; file: string }> } };

/**
 * The edits that apply the template `input.id` to `content`, its file slots filled with files of that content
 * (400s name the fields under `at`; an unknown template is `unknown`'s error).
 */
export async function templateEditsFor(
  ctx: AppContext, db: DbOrTx, content: RevisionContent, input: TemplateInput, at: string,
  unknown: (id: string) => Error = (id) => new ApiError(404, `Template not found: ${id} (built-in templates: ${TEMPLATES.map((x) => x.id).join(', ')})`),
): Promise<ContentEdit[]> {
  const template = TEMPLATES.find((x) => x.id === input.id);
  if (!template) throw unknown(input.id);
  const files: Record<string, string> = {};
  for (const [name, ref] of Object.entries(input.params?.contentRefs ?? {})) {
    await findFile(ctx, db, content, ref.file).catch(() => {
      throw invalidField(`${at}/params/contentRefs/${name}/file`, `is not a file of the space (${ref.file})`);
    });
    files[name] = ref.file;
  }
  return templateEdits(template, files);
}

/** 400 naming `<at>/id`: for a template named inside a creation's body. */
export const notATemplate = (at: string) => (id: string) => invalidField(`${at}/id`, `is not a template: ${id} (built-in templates: ${TEMPLATES.map((x) => x.id).join(', ')})`);

/**
 * POST …/content/template: the template's pages appended to the space's content, or (GitBook's `changeRequestId`)
 * to the content of one of its change requests, as one revision.
 */
export async function applyTemplate(
  ctx: AppContext, actor: Actor, spaceId: string, body: TemplateInput & { changeRequestId?: string }, ifMatch?: string | string[],
): Promise<{ result: CommitResult }> {
  findTemplate(body.id);
  if (body.changeRequestId !== undefined) {
    const ref = body.changeRequestId;
    const sc = await loadChangeRequestContent(ctx, actor, spaceId, ref);
    const edits = await templateEditsFor(ctx, ctx.db, sc.content, body, '/body');
    return { result: await locatedIn({ edit: () => '/body' }, () => editChangeRequestContent(ctx, actor, spaceId, ref, edits, { ifMatch })) };
  }
  const sc = await loadContent(ctx, actor, spaceId);
  const edits = await templateEditsFor(ctx, ctx.db, sc.content, body, '/body');
  return locatedIn({ edit: () => '/body' }, () => editSpace(ctx, actor, spaceId, edits, { ifMatch }));
}
