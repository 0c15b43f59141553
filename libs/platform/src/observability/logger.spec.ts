import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { loadConfig } from '../config';
import { createLogger, redactUrl } from './logger';

describe('request logs', () => {
  it('never carry the access token of the live unread-count URL', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = Fastify({
      loggerInstance: createLogger(
        loadConfig({ MONGO_URL: 'mongodb://x', KAFKA_BROKERS: 'k:9092', JWT_SECRET: 'x'.repeat(32) }),
        sink,
      ),
    });
    app.get('/api/messaging/unread-count/stream', async (request) => {
      request.log.info({ req: request }, 'connected');
      return 'ok';
    });
    await app.inject({ url: '/api/messaging/unread-count/stream?access_token=secret.jwt.value&x=1' });
    await app.close();
    const logged = lines.map((line) => JSON.parse(line) as { msg: string; req?: { url: string } });
    const connected = logged.find((line) => line.msg === 'connected')!;
    expect(connected.req!.url).toBe('/api/messaging/unread-count/stream?access_token=[Redacted]&x=1');
    expect(lines.join('')).not.toContain('secret.jwt.value');
  });

  it('redacts every credential parameter wherever it stands in the query', () => {
    expect(redactUrl('/a?x=1&refresh_token=r&access_token=t#f')).toBe(
      '/a?x=1&refresh_token=[Redacted]&access_token=[Redacted]#f',
    );
    expect(redactUrl('/api/forum/topics?page=2')).toBe('/api/forum/topics?page=2');
  });
});
