import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/**
 * Serves the member site at `/` and the staff console at `/admin/` from their builds (`dist` folders). Until a
 * site is built, a plain page says so and lists the newest topics straight from the API.
 */
export async function serveWebApps(app: NestFastifyApplication, root: string): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();
  const sites = [
    { prefix: '/', dir: path.join(root, 'web-member', 'dist'), title: 'Forum' },
    { prefix: '/admin/', dir: path.join(root, 'web-admin', 'dist'), title: 'Forum staff console' },
  ];
  for (const site of sites) {
    if (existsSync(path.join(site.dir, 'index.html'))) {
      await fastify.register(fastifyStatic, {
        root: site.dir,
        prefix: site.prefix,
        decorateReply: site.prefix === '/',
      });
    } else {
      fastify.get(
        site.prefix,
        (_request, reply) => void reply.type('text/html; charset=utf-8').send(shellPage(site.title)),
      );
    }
  }
}

function shellPage(title: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem;color:#1f2933}
li{margin:.5rem 0}small{color:#52606d}a{color:#0b69a3}</style></head>
<body><h1>${title}</h1>
<p>The web application is not built yet. The API is running: <a href="/api/docs">API documentation</a>,
<a href="/api/ready">readiness</a>, <a href="/api/metrics">metrics</a>.</p>
<h2>Newest topics</h2><ul id="topics"><li><small>Loading…</small></li></ul>
<script>
fetch('/api/forum/topics?pageSize=20').then(r => r.json()).then(page => {
  const list = document.getElementById('topics');
  list.replaceChildren(...page.items.map(t => {
    const li = document.createElement('li');
    li.textContent = t.title;
    const meta = document.createElement('small');
    meta.textContent = ' — ' + new Date(t.postedAt).toLocaleString();
    li.append(meta);
    return li;
  }));
  if (!page.items.length) list.textContent = 'No topics yet.';
});
</script></body></html>`;
}
