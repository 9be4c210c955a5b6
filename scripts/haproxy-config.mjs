// HAProxy's configuration for a set of instances, from the template deploy/haproxy.cfg: `npm run cluster`
// (this machine's ports), the cluster bench, and deploy/haproxy-compose.cfg (written by npm run docs:api).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The template filled in. `servers` are [name, host:port] pairs; `lists` the directory HAProxy reads the
 * path lists from. Each spot book of deploy/haproxy-books.lst gets a rule (by the x-nexa-book hint) and a
 * backend checked on /writerz?group=spot.<book>: the instance running that book.
 */
export function haproxyConfig({ root, bind, lists, servers }) {
  const books = readFileSync(join(root, 'deploy', 'haproxy-books.lst'), 'utf8')
    .split('\n')
    .filter(Boolean);
  const serverLines = servers.map(([name, address]) => `  server ${name} ${address} check`).join('\n');
  const rules = books
    .map((b) => `  use_backend book_${b} if { req.hdr(x-nexa-book) -m str ${b} } { nbsrv(book_${b}) gt 0 }`)
    .join('\n');
  const backends = books
    .map((b) =>
      [
        `backend book_${b}`,
        `  option httpchk GET /writerz?group=spot.${b}`,
        '  http-check expect status 200',
        '  default-server inter 1s fall 1 rise 1 on-marked-down shutdown-sessions',
        serverLines,
      ].join('\n'),
    )
    .join('\n\n');
  return readFileSync(join(root, 'deploy', 'haproxy.cfg'), 'utf8')
    .replace('@BIND@', bind)
    .replace('@WRITES@', join(lists, 'haproxy-writes.lst'))
    .replace('@SPOT@', join(lists, 'haproxy-spot.lst'))
    .replace('@BOOK_RULES@', rules)
    .replace('@BOOK_BACKENDS@', backends)
    .replaceAll('@SERVERS@', serverLines);
}

/** The template for deploy/compose.yml: its three instances by service name, the lists where it mounts them. */
export function composeConfig(root) {
  return haproxyConfig({
    root,
    bind: ':8080',
    lists: '/usr/local/etc/haproxy',
    servers: [1, 2, 3].map((n) => [`app${n}`, `app${n}:8080`]),
  });
}
