// Writes what HAProxy reads in front of the instances (deploy/haproxy.cfg): deploy/haproxy-writes.lst, the
// calls that change state, one path a line, sent straight to the writers' instance (every other call is a
// list any instance answers from the store); deploy/haproxy-spot.lst, the calls that may need a spot book;
// deploy/haproxy-books.lst, the spot books of the default configuration (each has its instance's backend);
// and deploy/haproxy-compose.cfg, the template filled in for deploy/compose.yml. Run: npm run docs:api (a
// test checks the files are current).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { booksList, writesList } from '../server/src/compose/transport';
import { composeConfig } from './haproxy-config.mjs';

const deploy = (name: string) => new URL(`../deploy/${name}`, import.meta.url);
writeFileSync(deploy('haproxy-writes.lst'), writesList());
writeFileSync(deploy('haproxy-spot.lst'), writesList(true));
writeFileSync(deploy('haproxy-books.lst'), booksList());
writeFileSync(deploy('haproxy-compose.cfg'), composeConfig(fileURLToPath(new URL('..', import.meta.url))));
console.log('deploy/haproxy-{writes,spot,books}.lst and deploy/haproxy-compose.cfg written');
