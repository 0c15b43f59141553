// The one description of the distributed mode's shape: which contexts run, how many replicas each has on this
// machine (`npm run start:cluster`), their ports, and which public paths nginx sends to which context. Read by
// deploy/cluster/start.mjs (the processes), deploy/cluster/nginx.mjs (the `$api_upstream` map of
// deploy/docker/nginx.conf and the cluster's own nginx config) and deploy/validate.sh (docker-compose.yml's
// backend services must be exactly these contexts). ADR 0046.

/**
 * Each context: its replicas under `npm run start:cluster`, and its first HTTP port there (replica r listens on
 * `port + r`, its peer-command TCP port on `port + PEER_OFFSET + r`). In docker-compose.yml every context is one
 * service on port 3000 (peer port 3100), scaled with `--scale`.
 */
export const CONTEXTS = [
  { name: 'forum', replicas: 2, port: 4010 },
  { name: 'identity', replicas: 2, port: 4020 },
  { name: 'wallet', replicas: 2, port: 4030 },
  { name: 'moderation', replicas: 1, port: 4040 },
  { name: 'messaging', replicas: 1, port: 4050 },
  { name: 'qa', replicas: 1, port: 4060 },
  { name: 'search', replicas: 1, port: 4070 },
  { name: 'assistant', replicas: 1, port: 4080 },
];

export const PEER_OFFSET = 500;

/**
 * Added to every replica's ports (`CLUSTER_PORT_OFFSET`, default 0): the cluster tests (test/cluster) run one beside
 * a cluster a person may have started on the described ports.
 */
const portOffset = () => Number(process.env.CLUSTER_PORT_OFFSET ?? 0);

/** Where each context listens inside the compose network (`<name>:3000`, peers on 3100). */
export const COMPOSE_PORT = 3000;

/**
 * The public paths that reach a service, in nginx `map` syntax (a plain string is an exact match, `~` a regex; the first match wins), in order.
 * A string is a comment line of the generated map.
 */
export const ROUTES = [
  ...CONTEXTS.map(({ name }) => ({ match: `~^/api/${name}(/|$)`, context: name })),
  '# Stored files: every service mounts the files volume; identity (avatars) serves them.',
  { match: '~^/api/files/', context: 'identity' },
  "# The member site's fixed calls at the root.",
  { match: '/baseInfo', context: 'moderation' },
  { match: '/refreshToken', context: 'identity' },
  { match: '~^/statistic/', context: 'moderation' },
  '# What crawlers and feed readers fetch: the forum holds the index, each context its own files.',
  { match: '/robots.txt', context: 'forum' },
  { match: '/sitemap.xml', context: 'forum' },
  { match: '~^/sitemap/questions/', context: 'qa' },
  { match: '~^/feeds/questions\\.xml$', context: 'qa' },
  { match: '~^/(sitemap|feeds)/', context: 'forum' },
];

/**
 * The member site's page renderer (ADR 0049): `services/all-in-one/src/web-main.ts`, hosting no context. nginx
 * sends it every page path of the member site that is not a file (`$page_upstream`); it reads the contexts
 * directly (RENDER_API_URLS, RENDER_ROOT_ROUTES) and hears the events from Kafka. In docker-compose.yml it is the
 * `render` service on port 3000.
 */
export const RENDERER = { name: 'render', replicas: 1, port: 4090, entry: 'services/all-in-one/src/web-main.js' };

/** The renderer's processes under `npm run start:cluster`: replica r listens on `port + r`. */
export function renderers() {
  return Array.from({ length: RENDERER.replicas }, (_, r) => ({
    context: RENDERER.name,
    replica: r + 1,
    port: RENDERER.port + portOffset() + r,
  }));
}

/** RENDER_API_URLS of the renderer: each context's replicas (`urlsOf(context)`), `|`-separated. */
export function renderApiUrls(urlsOf) {
  return CONTEXTS.map(({ name }) => `${name}=${urlsOf(name).join('|')}`).join(',');
}

/** RENDER_ROOT_ROUTES of the renderer: the exact root paths of ROUTES and their contexts. */
export function renderRootRoutes() {
  return ROUTES.filter((route) => typeof route === 'object' && route.match.startsWith('/'))
    .map(({ match, context }) => `${match}=${context}`)
    .join(',');
}

/** Every process of the cluster: one per replica, with its ports. */
export function replicas() {
  return CONTEXTS.flatMap(({ name, replicas: count, port }) =>
    Array.from({ length: count }, (_, r) => ({
      context: name,
      replica: r + 1,
      port: port + portOffset() + r,
      peerPort: port + portOffset() + PEER_OFFSET + r,
    })),
  );
}

/**
 * PEER_URLS for the cluster: every replica's peer port per context, joined by `|`; a caller takes them in turn and
 * passes a command to the next replica when one cannot be reached (libs/platform/src/peers/peer-commands.ts).
 */
export function clusterPeerUrls(host = '127.0.0.1') {
  return CONTEXTS.map(({ name, port, replicas: count }) =>
    Array.from({ length: count }, (_, r) => `tcp://${host}:${port + portOffset() + PEER_OFFSET + r}`).join('|'),
  )
    .map((addresses, i) => `${CONTEXTS[i].name}=${addresses}`)
    .join(',');
}
