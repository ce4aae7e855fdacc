/** YAML front matter (GitBook page metadata) at the top of a markdown file. */
export interface Frontmatter {
  /** Raw YAML between the `---` fences, or `null` if there is none. */
  frontmatter: string | null;
  /** The markdown after the front matter. */
  body: string;
}

const FRONTMATTER_START = /^---[ \t]*\r?\n/;
const FRONTMATTER_END = /^---[ \t]*(?:\r?\n|$)/m;

/** Splits a YAML front matter block off a markdown file (linear: one scan for the closing fence). */
export function splitFrontmatter(markdown: string): Frontmatter {
  const start = FRONTMATTER_START.exec(markdown);
  if (!start) return { frontmatter: null, body: markdown };
  const rest = markdown.slice(start[0].length);
  const end = FRONTMATTER_END.exec(rest);
  if (!end) return { frontmatter: null, body: markdown };
  const yaml = rest.slice(0, end.index).replace(/\r?\n$/, '');
  return { frontmatter: yaml, body: rest.slice(end.index + end[0].length).replace(/^\s*\n/, '') };
}
