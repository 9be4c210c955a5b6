// Writes docs/api.md from the contract table. Run: npm run docs:api
import { writeFileSync } from 'node:fs';
import { type EndpointPath, ERRORS, type ErrorName, endpointPaths, endpoints } from '@nexa/contract';

const lines: string[] = [
  '# API',
  '',
  'Generated from `contract/` by `npm run docs:api`; the OpenAPI document is served at `/docs`.',
  '',
  '## Transport',
  '',
  '- Every call is `POST <path>` with a JSON body. Headers: `authorization: <token>` (or `Bearer <token>`),',
  '  `lang`: `zh_CN`, `korean`, `thai`, `vietnam`, `japanese`, `german`, anything else English.',
  '- Every answer the application makes is HTTP 200 with `{code, msg, data, error}`: `code` 200 is success,',
  '  406 an invalid session, anything else a business failure whose `msg` is in the caller language and',
  '  whose `error` is the symbolic name. HTTP 413 answers a body over 1 MiB; HTTP 500 a crash.',
  '- Amounts are decimal strings, never JSON numbers. Lists take `page` and `size` (or `page_num`) and',
  '  answer `{list, total}`.',
  '',
  '## Request protection',
  '',
  'On by default (`REQUEST_PROTECTION=off` turns it off). The client:',
  '',
  '1. adds `timestamp` (seconds);',
  '2. sorts the keys, leaves out `sign` and `image`, joins `k=v` with `&` (objects as JSON), appends the',
  '   sign secret, and sets `sign` to the uppercase MD5 of that text;',
  '3. encrypts the JSON text with AES-256-CBC (random 16-byte iv, PKCS#7) and sends',
  '   `{"payload": base64(JSON{iv, value, mac, tag:""})}`, where `iv` and `value` are base64 and `mac` is',
  '   the lowercase hex HMAC-SHA256 of the text `iv + value` under the same key.',
  '',
  'Answers come back as `{"payload": …}` the same way. The server refuses a bad MAC (1010), a bad sign',
  '(1011), a timestamp more than 300 s away (1012), a sign seen before (1013) and plain JSON (1014).',
  'This is tamper evidence and replay protection, not secrecy: the key ships inside the web app, and TLS is',
  'what keeps traffic private.',
  '',
  '## Errors',
  '',
  '| code | name | English message |',
  '|---|---|---|',
  ...(Object.keys(ERRORS) as ErrorName[]).map((n) => `| ${ERRORS[n].code} | ${n} | ${ERRORS[n].msg.en} |`),
  '',
  '## Calls',
  '',
  'Status `planned`: declared by the specification, answers NotAvailable (1002) until its domain is built.',
  '',
];

const domains = [...new Set(endpointPaths.map((p) => endpoints[p].domain))];
for (const domain of domains) {
  lines.push(`### ${domain}`, '', '| path | token | list | status | summary |', '|---|---|---|---|---|');
  for (const p of endpointPaths.filter((x) => endpoints[x].domain === domain) as EndpointPath[]) {
    const ep = endpoints[p];
    const list = ep.list === 'none' ? '' : `${ep.list} (${ep.pageSize})`;
    const status = ep.extension ? `${ep.status}, extension` : ep.status;
    lines.push(`| \`${p}\` | ${ep.auth ? 'yes' : 'no'} | ${list} | ${status} | ${ep.summary} |`);
  }
  lines.push('');
}

writeFileSync(new URL('../docs/api.md', import.meta.url), `${lines.join('\n')}\n`);
console.log(`docs/api.md: ${endpointPaths.length} calls`);
