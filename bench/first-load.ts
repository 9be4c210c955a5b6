// First load of /home: gzipped JavaScript the browser fetches, against the 170 KB budget.
// Measured in Chromium against the built app, so it counts exactly the chunks /home pulls in.
import { gzipSync } from 'node:zlib';
import { startProduct } from '../e2e/harness';

const BUDGET_KB = 170;

export async function firstLoad(): Promise<void> {
  const product = await startProduct();
  try {
    const { page, context } = await product.newPhone();
    const scripts = new Map<string, { raw: number; gz: number }>();
    page.on('response', async (res) => {
      const url = res.url();
      if (!url.endsWith('.js') && !(res.headers()['content-type'] ?? '').includes('javascript')) return;
      try {
        const body = await res.body();
        scripts.set(url, { raw: body.length, gz: gzipSync(body, { level: 9 }).length });
      } catch {
        // a response without a body (redirect) carries no script
      }
    });
    await page.goto(`${product.url}/home`, { waitUntil: 'networkidle' });
    await context.close();
    let raw = 0;
    let gz = 0;
    const rows = [...scripts.entries()].sort((a, b) => b[1].gz - a[1].gz);
    for (const [url, s] of rows) {
      raw += s.raw;
      gz += s.gz;
      console.log(`  ${(s.gz / 1024).toFixed(1).padStart(7)} KB gz  ${new URL(url).pathname}`);
    }
    console.log('first load of /home');
    console.log(
      `  measured: ${(gz / 1024).toFixed(1)} KB gzipped JS (${(raw / 1024).toFixed(1)} KB raw, ${rows.length} files)`,
    );
    console.log(
      `  budget:   ${BUDGET_KB} KB gzipped JS → ${gz / 1024 <= BUDGET_KB ? 'within' : 'OVER'} budget`,
    );
  } finally {
    await product.close();
  }
}
