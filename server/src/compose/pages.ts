import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { ClientConfig } from '@nexa/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Modules } from '../modules';
import { openApiDocument } from '../openapi';
import { registerAdminApp } from '../transport/admin-app';
import { PROBE, registerReadiness, registerWriterCheck } from '../transport/readiness';
import { registerWebApp } from '../transport/web-app';
import type { Stores } from './stores';

const ASSETS_DIR = fileURLToPath(new URL('../../assets', import.meta.url));

/** The text of an SVG the server serves under /static/, or null (any other address, or a path outside). */
async function staticSvg(src: string): Promise<string | null> {
  if (!src.startsWith('/static/') || !src.endsWith('.svg')) return null;
  const file = resolve(ASSETS_DIR, `.${src.slice('/static'.length)}`);
  if (!file.startsWith(`${ASSETS_DIR}${sep}`)) return null;
  return readFile(file, 'utf8').catch(() => null);
}

function clientConfig(config: Config): ClientConfig {
  return {
    protection: config.protection,
    envelopeKey: config.envelopeKeyText,
    signSecret: config.signSecret,
    chainId: config.chainId,
    wsPath: '/ws',
    apiBase: config.apiHosts.apiBase,
    wsBase: config.apiHosts.wsBase,
  };
}

type Readiness = Parameters<typeof registerReadiness>[1];

/**
 * Why the instance cannot serve now, for /readyz: fenced (another instance took its lock or lease), or
 * its store (or cluster mode's connections) away; null when ready.
 */
export function storeReadiness(stores: Stores, fencedReason: () => string | null): Readiness {
  const { lock, link, store } = stores;
  return async () => {
    const fenced = fencedReason();
    if (lock?.fenced || fenced) return { reason: 'fenced', detail: fenced ?? lock?.refusal() ?? '' };
    const why = lock?.refusal() ?? link?.unready() ?? (await store.unready());
    return why === null ? null : { reason: 'store', detail: why };
  };
}

/**
 * What is served beside the calls: the API's description, health, readiness and the writers' check, the static assets, the
 * web app and the operator console when they are built.
 */
export async function registerPages(
  fastify: FastifyInstance,
  config: Config,
  modules: Modules,
  readiness: Readiness,
  /** Whether this instance runs a writers' group now (GET /writerz, `?group=spot` for any spot book). */
  writer: (group: string) => boolean,
): Promise<void> {
  const openapi = openApiDocument();
  fastify.get('/docs', async () => openapi);
  fastify.get('/docs/openapi.json', async () => openapi);
  fastify.get('/healthz', PROBE, async () => ({ ok: true }));
  registerReadiness(fastify, readiness);
  registerWriterCheck(fastify, writer);

  await fastify.register(fastifyStatic, { root: ASSETS_DIR, prefix: '/static/', decorateReply: false });

  if (config.webDist) {
    // Home's first banner is named in its page, so the phone fetches and draws it before the app's code.
    await registerWebApp(fastify, config.webDist, clientConfig(config), {
      homeBanner: async () => {
        const src = (await modules.content.banners('en'))[0]?.image;
        return src ? { src, svg: await staticSvg(src) } : null;
      },
    });
  }
  if (config.adminDist) await registerAdminApp(fastify, config.adminDist, clientConfig(config));
}
