import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ProviderError } from './assistant-provider';
import type { AnswerChunk, AssistantRequest } from './assistant-provider';
import { OpenAiCompatibleProvider } from './openai-compatible.provider';

type Handler = (request: IncomingMessage, body: Record<string, unknown>, response: ServerResponse) => void;

/** A local server speaking the OpenAI chat completions protocol; each test sets how it answers. */
let server: Server;
let baseUrl: string;
let handler: Handler;
const received: { authorization: string | undefined; body: Record<string, unknown> }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const body = JSON.parse(raw) as Record<string, unknown>;
      received.push({ authorization: request.headers.authorization, body });
      if (request.url !== '/v1/chat/completions' || request.method !== 'POST') {
        response.writeHead(404).end();
        return;
      }
      handler(request, body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => (received.length = 0));

const chunk = (content: string) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`;

/** Writes the pieces with a pause between them, as a model emits tokens. */
function stream(response: ServerResponse, pieces: string[], end = true) {
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  let index = 0;
  const next = () => {
    if (index < pieces.length) {
      response.write(pieces[index++]);
      setTimeout(next, 5);
    } else if (end) response.end();
  };
  next();
}

const request = (overrides: Partial<AssistantRequest> = {}): AssistantRequest => ({
  question: '怎么充值？',
  history: [
    { role: 'user', content: 'hello' },
    { role: 'assistant', content: 'Hi!' },
  ],
  language: 'zh',
  context: [{ type: 'help', id: 'h1', title: '充值说明', snippet: '在钱包页面充值', url: '/helpDetail?helpId=h1' }],
  signal: new AbortController().signal,
  ...overrides,
});

const provider = (apiKey = 'sk-test-key-123') =>
  new OpenAiCompatibleProvider({ baseUrl, apiKey, model: 'gpt-test', timeoutMs: 5000 });

async function collect(chunks: AsyncIterable<AnswerChunk>) {
  const seen: AnswerChunk[] = [];
  let failure: unknown = null;
  try {
    for await (const item of chunks) seen.push(item);
  } catch (error) {
    failure = error;
  }
  const text = seen.flatMap((item) => (item.type === 'delta' ? [item.text] : [])).join('');
  return { seen, text, failure: failure as ProviderError | null };
}

describe('the OpenAI-compatible adapter', () => {
  it('streams the answer from the SSE chunks until [DONE], sending model, key, history and public context', async () => {
    handler = (_request, _body, response) =>
      stream(response, [
        ': keep-alive comment\n\n',
        chunk('在**钱包'),
        // A chunk cut in the middle of a line is put back together.
        chunk('页面**').slice(0, 20),
        chunk('页面**').slice(20) + `data: ${JSON.stringify({ choices: [{ delta: { role: 'assistant' } }] })}\n\n`,
        chunk('充值。'),
        'data: [DONE]\n\n',
      ]);
    const { seen, text, failure } = await collect(provider().answer(request()));
    expect(failure).toBeNull();
    expect(text).toBe('在**钱包页面**充值。');
    expect(seen[0]).toEqual({
      type: 'sources',
      sources: [{ type: 'help', id: 'h1', title: '充值说明', url: '/helpDetail?helpId=h1' }],
    });
    const [sent] = received;
    expect(sent!.authorization).toBe('Bearer sk-test-key-123');
    expect(sent!.body).toMatchObject({ model: 'gpt-test', stream: true });
    const messages = sent!.body.messages as { role: string; content: string }[];
    expect(messages.map((message) => message.role)).toEqual(['system', 'system', 'user', 'assistant', 'user']);
    expect(messages[1]!.content).toContain('/helpDetail?helpId=h1');
    expect(messages.at(-1)).toEqual({ role: 'user', content: '怎么充值？' });
  });

  it('maps a 401 with an OpenAI error body to provider_unauthorized, without the key in the message', async () => {
    handler = (_request, _body, response) =>
      response.writeHead(401, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          error: {
            message: 'Incorrect API key provided: sk-wrong-key-999.',
            type: 'invalid_request_error',
            code: 'invalid_api_key',
          },
        }),
      );
    const { failure, seen } = await collect(provider('sk-wrong-key-999').answer(request()));
    expect(seen).toEqual([]);
    expect(failure).toBeInstanceOf(ProviderError);
    expect(failure).toMatchObject({
      status: 502,
      code: 'assistant.provider_unauthorized',
      upstream: { status: 401, code: 'invalid_api_key', type: 'invalid_request_error' },
    });
    expect(failure!.message).toBe('Incorrect API key provided: ***.');
  });

  it('maps a 429 to provider_rate_limited, and a 500 without a JSON body to provider_error', async () => {
    handler = (_request, _body, response) =>
      response
        .writeHead(429, { 'content-type': 'application/json' })
        .end(
          JSON.stringify({ error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } }),
        );
    const limited = await collect(provider().answer(request()));
    expect(limited.failure).toMatchObject({
      status: 503,
      code: 'assistant.provider_rate_limited',
      message: 'Rate limit reached',
      upstream: { status: 429, code: 'rate_limit_exceeded', type: 'requests' },
    });
    handler = (_request, _body, response) => response.writeHead(500).end('Internal Server Error');
    const broken = await collect(provider().answer(request()));
    expect(broken.failure).toMatchObject({
      status: 502,
      code: 'assistant.provider_error',
      upstream: { status: 500, code: null, type: null },
    });
  });

  it('fails with the error chunk the server sends mid-stream, after the text that came before it', async () => {
    handler = (_request, _body, response) =>
      stream(response, [
        chunk('Partial '),
        chunk('answer'),
        `data: ${JSON.stringify({ error: { message: 'The server had an error', type: 'server_error', code: null } })}\n\n`,
      ]);
    const { text, failure } = await collect(provider().answer(request({ context: [] })));
    expect(text).toBe('Partial answer');
    expect(failure).toMatchObject({
      code: 'assistant.provider_error',
      message: 'The server had an error',
      upstream: { status: 200, type: 'server_error' },
    });
  });

  it('reports a connection that closes before [DONE], an unreachable server and a missing configuration', async () => {
    handler = (_request, _body, response) => stream(response, [chunk('cut')]);
    const cut = await collect(provider().answer(request()));
    expect([cut.text, cut.failure?.code]).toEqual(['cut', 'assistant.provider_unavailable']);

    const closed = new OpenAiCompatibleProvider({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'k', model: 'm' });
    expect((await collect(closed.answer(request()))).failure?.code).toBe('assistant.provider_unavailable');

    const unset = new OpenAiCompatibleProvider({ baseUrl, apiKey: '', model: 'm' });
    expect((await collect(unset.answer(request()))).failure).toMatchObject({
      status: 503,
      code: 'assistant.provider_not_configured',
    });
  });
});
