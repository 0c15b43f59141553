import type { Type } from '@nestjs/common';
import { Transport } from '@nestjs/microservices';
import type { MicroserviceOptions } from '@nestjs/microservices';
import { AppRootModule } from './app-root.module';
import { createApp, CreatedApp } from './bootstrap';
import { AppConfig, ConfigError, loadConfig } from './config';

/**
 * Starts a process hosting the given contexts, configured from the environment. A configuration problem
 * is printed as a list of variables to fix, and the process exits with status 78 (EX_CONFIG).
 */
export async function runService(
  contexts: Type[],
  configure: (app: CreatedApp['app'], config: AppConfig) => Promise<void> | void = () => undefined,
): Promise<CreatedApp & { config: AppConfig; url: string }> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const created = await createApp(AppRootModule.hosting(config, contexts), config);
  await configure(created.app, config);
  if (config.PEER_PORT) {
    // Peer commands from the other services over TCP (ADR 0040); the member guards and filters stay HTTP-only.
    created.app.connectMicroservice<MicroserviceOptions>({
      transport: Transport.TCP,
      options: { host: config.HOST, port: config.PEER_PORT },
    });
    await created.app.startAllMicroservices();
  }
  await created.app.listen({ port: config.PORT, host: config.HOST });
  const address = created.app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  return { ...created, config, url: `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${port}` };
}
