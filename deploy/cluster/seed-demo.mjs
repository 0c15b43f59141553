// One-off process of `npm run start:cluster`: hosts every context without HTTP, seeds the demo content of `npm start`
// (accounts demo/demo123456 and admin/admin123456, tags, topics, wallet…) into the cluster's Kafka and MongoDB when
// the forum has no topic yet, and exits. The context services started afterwards read it from there. ADR 0046.
import 'reflect-metadata';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..', process.env.BUILD_OUT ?? 'dist');
const { AppRootModule, createApp, loadConfig } = require(path.join(out, 'libs/platform/src/index.js'));
const { ALL_CONTEXTS } = require(path.join(out, 'services/all-in-one/src/contexts.js'));
const { seedDemo } = require(path.join(out, 'services/all-in-one/src/demo-seed.js'));

try {
  const config = loadConfig();
  const { app } = await createApp(AppRootModule.hosting(config, ALL_CONTEXTS), config);
  await app.init();
  const { seeded } = await seedDemo(app);
  await app.close();
  console.log(seeded ? 'demo content seeded' : 'demo content already there');
  process.exit(0);
} catch (error) {
  console.error(error);
  process.exit(1);
}
