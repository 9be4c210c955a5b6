// Writes deploy/haproxy-writes.lst: the calls that change state, one path a line, which HAProxy sends
// straight to the writers' instance (deploy/haproxy.cfg). Every other call is a list any instance answers
// from the store. Run: npm run docs:api (a test checks the file is current).
import { writeFileSync } from 'node:fs';
import { writesList } from '../server/src/compose/transport';

writeFileSync(new URL('../deploy/haproxy-writes.lst', import.meta.url), writesList());
// The calls that may need the spot books (deploy/haproxy-spot.lst) go to their holder first.
writeFileSync(new URL('../deploy/haproxy-spot.lst', import.meta.url), writesList(true));
console.log('deploy/haproxy-writes.lst and deploy/haproxy-spot.lst written');
