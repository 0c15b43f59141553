// Smoke check of a running `npm run start:cluster` (ADR 0046): every replica of deploy/cluster/topology.mjs is
// ready, nginx serves both web apps and routes every context, and the demo member signs in, posts a topic and reads
// it back through nginx. Exits 1 on the first failure. Not part of `npm test` yet (see the ADR).
//
//   node deploy/cluster/smoke.mjs [http://127.0.0.1:8080]
import { CONTEXTS, replicas } from './topology.mjs';

const base = process.argv[2] ?? `http://127.0.0.1:${process.env.CLUSTER_PORT ?? 8080}`;
const started = Date.now();
const check = (cond, message) => {
  console.log(`  ${cond ? 'ok  ' : 'FAIL'}  ${message}`);
  if (!cond) process.exit(1);
};

for (const r of replicas()) {
  const res = await fetch(`http://127.0.0.1:${r.port}/api/ready`);
  check(res.ok, `${r.context}-${r.replica} (:${r.port}) /api/ready ${res.status}`);
}

const member = await fetch(`${base}/`);
const memberHtml = await member.text();
check(member.ok && memberHtml.includes('<div id="root"'), `GET / serves the member site (${member.status})`);
const admin = await fetch(`${base}/admin/`);
check(
  admin.ok && (await admin.text()).includes('/admin/assets/'),
  `GET /admin/ serves the staff console (${admin.status})`,
);
for (const { name } of CONTEXTS) {
  const docs = await fetch(`${base}/api/${name}/docs/json`);
  check(docs.ok && (await docs.json()).openapi, `/api/${name}/docs/json answers through nginx (${docs.status})`);
}
const site = await fetch(`${base}/baseInfo`);
check(site.ok && (await site.json()).switches, `/baseInfo reaches moderation (${site.status})`);

// The double-submit CSRF cookie (any response sets it), then the demo member's login.
const csrf = /cms_token=([^;]+)/.exec(site.headers.get('set-cookie') ?? '')?.[1];
check(!!csrf, 'a cms_token cookie is issued');
const headers = { cookie: `cms_token=${csrf}`, 'bbs-xsrf-token': csrf, 'content-type': 'application/json' };
const login = await fetch(`${base}/api/identity/login`, {
  method: 'POST',
  headers,
  body: JSON.stringify({ account: 'demo', password: 'demo123456' }),
});
const tokens = await login.json();
check(login.ok && !!tokens.accessToken, `the demo member signs in (${login.status} ${tokens.code ?? ''})`);
const authorized = { ...headers, authorization: `Bearer ${tokens.accessToken},${tokens.refreshToken}` };

const leaf = (tags) => tags.flatMap((t) => (t.leaf ? [t] : leaf(t.children ?? [])));
const tag = leaf((await (await fetch(`${base}/api/forum/tags`)).json()).items)[0];
check(!!tag, `a leaf tag to post in (${tag?.name})`);
const title = `Cluster smoke ${new Date().toISOString()}`;
const posted = await fetch(`${base}/api/forum/topics`, {
  method: 'POST',
  headers: authorized,
  body: JSON.stringify({ title, content: 'Posted through nginx to one of two forum replicas.', tagIds: [tag.tagId] }),
});
const topic = await posted.json();
check(
  posted.status === 201 && !!topic.topicId,
  `POST /api/forum/topics ${posted.status} ${topic.code ?? topic.topicId}`,
);

// Read back through nginx several times: the requests spread over both forum replicas, each must see it.
const forumReplicas = replicas().filter((x) => x.context === 'forum');
const detailReads = async (r) => {
  const metrics = await (await fetch(`http://127.0.0.1:${r.port}/api/metrics`)).text();
  const line =
    /^http_request_duration_seconds_count\{method="GET",route="\/api\/forum\/topics\/:topicId",status="200"\} (\d+)$/m;
  return Number(line.exec(metrics)?.[1] ?? 0);
};
const before = await Promise.all(forumReplicas.map(detailReads));
for (let i = 0; i < 4; i++) {
  const read = await fetch(`${base}/api/forum/topics/${topic.topicId}`, { headers: authorized });
  const detail = await read.json();
  check(
    read.ok && detail.title === title,
    `GET /api/forum/topics/${topic.topicId} #${i + 1}: ${read.status} "${detail.title}"`,
  );
}
const served = (await Promise.all(forumReplicas.map(detailReads))).map((n, i) => n - before[i]);
check(
  served.every((n) => n > 0),
  `nginx spread the reads over the forum replicas (${served.join(' + ')})`,
);
for (const r of forumReplicas) {
  const read = await fetch(`http://127.0.0.1:${r.port}/api/forum/topics/${topic.topicId}`, { headers: authorized });
  check(
    read.ok && (await read.json()).title === title,
    `forum-${r.replica} (:${r.port}) has the topic (${read.status})`,
  );
}
console.log(`cluster smoke: all checks passed in ${Date.now() - started} ms`);
