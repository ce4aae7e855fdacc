// A smart-HTTP git server for tests: a CGI bridge to `git http-backend` on 127.0.0.1 (started by git-server.ts as a
// child process). argv: <project root> <JSON basic-auth credentials or null>. Prints {"port"} once listening, then
// one JSON line per request ({method, path, auth}). A repository `<name>.git` with a file `<name>.git.hold` next to it
// is held: its requests wait (logged at once) until the file is removed, as a slow server would keep them.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const [root, authJson] = process.argv.slice(2);
const auth = JSON.parse(authJson ?? 'null');
const expected = auth ? `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}` : undefined;

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const header = req.headers.authorization;
  process.stdout.write(`${JSON.stringify({ method: req.method, path: url.pathname, auth: !!header })}\n`);
  const repo = /^\/([^/]+\.git)\//.exec(decodeURIComponent(url.pathname))?.[1];
  while (repo && existsSync(join(root, `${repo}.hold`))) await sleep(20);
  if (expected && header !== expected) {
    res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="git"', 'Content-Type': 'text/plain' });
    res.end('Authentication required\n');
    return;
  }
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: '/nonexistent', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', LANG: 'C',
    GIT_PROJECT_ROOT: root, GIT_HTTP_EXPORT_ALL: '1', PATH_INFO: decodeURIComponent(url.pathname), REQUEST_METHOD: req.method ?? 'GET',
    QUERY_STRING: url.search.slice(1), CONTENT_TYPE: req.headers['content-type'] ?? '', REMOTE_ADDR: '127.0.0.1',
    REMOTE_USER: auth ? auth.user : 'anonymous', GIT_HTTP_MAX_REQUEST_BUFFER: '100M',
  };
  if (req.headers['content-encoding']) env.HTTP_CONTENT_ENCODING = String(req.headers['content-encoding']);
  if (req.headers['git-protocol']) env.GIT_PROTOCOL = String(req.headers['git-protocol']);
  if (req.headers['content-length']) env.CONTENT_LENGTH = String(req.headers['content-length']);
  const cgi = spawn('git', ['-c', 'http.receivepack=true', 'http-backend'], { env });
  req.pipe(cgi.stdin);
  cgi.stdin.on('error', () => undefined);
  let head = Buffer.alloc(0);
  let headersDone = false;
  cgi.stdout.on('data', (chunk) => {
    if (headersDone) return void res.write(chunk);
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf('\r\n\r\n');
    if (end < 0) return;
    headersDone = true;
    let status = 200;
    const headers = {};
    for (const line of head.subarray(0, end).toString().split('\r\n')) {
      const i = line.indexOf(':');
      const k = line.slice(0, i).trim();
      const v = line.slice(i + 1).trim();
      if (k.toLowerCase() === 'status') status = Number(v.split(' ')[0]);
      else headers[k] = v;
    }
    res.writeHead(status, headers);
    res.write(head.subarray(end + 4));
  });
  cgi.stderr.resume();
  cgi.on('close', () => {
    if (!headersDone) res.writeHead(500).end();
    else res.end();
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`));
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
