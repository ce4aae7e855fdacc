// What Insights reads from a user agent (GitBook's SiteInsightsVisitorDevice, …Browser, …OS and …Bot enums): a few
// ordered substring tests, no database of agents. The first bot pattern that matches names the bot; an agent that
// says it is a crawler without being one of them is `unknown`, a browser `null`.

export type VisitorDevice = 'desktop' | 'tablet' | 'mobile' | 'unknown';
export type VisitorBrowser = 'chrome' | 'firefox' | 'safari' | 'edge' | 'ie' | 'opera' | 'unknown';
export type VisitorOS = 'windows' | 'macos' | 'linux' | 'android' | 'ios' | 'unknown';

/** Bots by the token of their user agent, most specific first (`Claude-Code` before `Claude`). */
const BOTS: readonly [RegExp, string][] = [
  [/Googlebot|Google-InspectionTool|GoogleOther/i, 'googlebot'],
  [/bingbot|BingPreview/i, 'bingbot'],
  [/DuckAssistBot/i, 'duckassist'],
  [/DuckDuckBot/i, 'duckduckbot'],
  [/facebookexternalhit|facebookcatalog|FacebookBot/i, 'facebookbot'],
  [/Applebot/i, 'applebot'],
  [/ChatGPT-User/i, 'chatgpt'],
  [/GPTBot/i, 'gptbot'],
  [/OAI-SearchBot|OpenAI/i, 'openai'],
  [/claude-code/i, 'claude-code'],
  [/ClaudeBot/i, 'claudebot'],
  [/Claude-User|Claude-SearchBot|Claude-Web/i, 'claude'],
  [/anthropic-ai|Anthropic/i, 'anthropic'],
  [/Google-Extended|Gemini/i, 'gemini'],
  [/Perplexity/i, 'perplexity'],
  [/cohere-ai|cohere/i, 'cohere'],
  [/MistralAI/i, 'mistral'],
  [/DeepSeek/i, 'deepseek'],
  [/meta-externalfetcher/i, 'meta-fetcher'],
  [/meta-webindexer/i, 'meta-webindexer'],
  [/meta-externalads/i, 'meta-ads'],
  [/meta-externalagent/i, 'meta'],
  [/Bytespider/i, 'bytespider'],
  [/CCBot/i, 'ccbot'],
  [/Amzn-SearchBot/i, 'amzn-searchbot'],
  [/Amzn-User/i, 'amzn-user'],
  [/Amazonbot/i, 'amazonbot'],
  [/YouBot/i, 'youbot'],
  [/Cursor\//i, 'cursor'],
  [/\bvscode\b|Visual Studio Code/i, 'vscode'],
  [/\bcodex\b/i, 'codex'],
  [/opencode/i, 'opencode'],
  [/\bGrok\b|xAI/i, 'grok'],
  [/GitHub-Copilot|Copilot/i, 'github-copilot'],
];
const ANY_BOT = /bot\b|crawler|spider|crawl|slurp|scraper|headless|curl\/|wget\/|python-requests|python-urllib|httpx|go-http-client|okhttp|java\/|libwww|axios\//i;

export interface ParsedAgent {
  device: VisitorDevice;
  browser: VisitorBrowser;
  os: VisitorOS;
  /** GitBook's SiteInsightsVisitorBot, null for a person's browser. */
  bot: string | null;
}

export function parseUserAgent(ua: string): ParsedAgent {
  const s = ua.slice(0, 1024);
  let bot: string | null = null;
  for (const [re, name] of BOTS) if (re.test(s)) { bot = name; break; }
  if (bot === null && (s.trim() === '' || ANY_BOT.test(s))) bot = 'unknown';
  const browser: VisitorBrowser = /Edg(e|A|iOS)?\//.test(s) ? 'edge' : /OPR\/|Opera/.test(s) ? 'opera' : /Firefox\/|FxiOS/.test(s) ? 'firefox'
    : /Chrome\/|CriOS|Chromium\//.test(s) ? 'chrome' : /MSIE |Trident\//.test(s) ? 'ie' : /Safari\//.test(s) ? 'safari' : 'unknown';
  const os: VisitorOS = /Windows/.test(s) ? 'windows' : /iPhone|iPad|iPod/.test(s) ? 'ios' : /Android/.test(s) ? 'android'
    : /Mac OS X|Macintosh/.test(s) ? 'macos' : /Linux|X11|CrOS/.test(s) ? 'linux' : 'unknown';
  const device: VisitorDevice = /iPad|Tablet/.test(s) || (/Android/.test(s) && !/Mobile/.test(s)) ? 'tablet'
    : /Mobi|iPhone|iPod/.test(s) ? 'mobile' : browser !== 'unknown' || os !== 'unknown' ? 'desktop' : 'unknown';
  return { device, browser, os, bot };
}
