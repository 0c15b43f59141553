import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { TokenService } from '@forum/platform';

export interface TestResponse<T = unknown> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
}

type Body = Record<string, unknown> | string | undefined;

/**
 * Calls the app like the member site does: the `cms_token` cookie echoed in `BBS-XSRF-TOKEN`, the Bearer pair
 * when signed in, JSON (or form-urlencoded) bodies. `.without('csrf')` and friends build the bad requests.
 */
export class TestClient {
  constructor(
    private readonly app: NestFastifyApplication,
    private readonly tokens: TokenService,
    private readonly options: {
      memberId?: string;
      kind?: 'member' | 'staff';
      csrf?: boolean;
      form?: boolean;
      language?: string;
      headers?: Record<string, string>;
      remoteAddress?: string;
    } = {},
  ) {}

  /** The app this client calls: for fixtures that must set something up without a caller (a system actor). */
  application(): NestFastifyApplication {
    return this.app;
  }

  as(memberId: string, kind: 'member' | 'staff' = 'member'): TestClient {
    return new TestClient(this.app, this.tokens, { ...this.options, memberId, kind });
  }

  anonymous(): TestClient {
    return new TestClient(this.app, this.tokens, { ...this.options, memberId: undefined });
  }

  withoutCsrf(): TestClient {
    return new TestClient(this.app, this.tokens, { ...this.options, csrf: false });
  }

  asForm(): TestClient {
    return new TestClient(this.app, this.tokens, { ...this.options, form: true });
  }

  inLanguage(language: string): TestClient {
    return new TestClient(this.app, this.tokens, { ...this.options, language });
  }

  /** Calls from another client address (rate limits and login throttling count per address). */
  from(remoteAddress: string): TestClient {
    return new TestClient(this.app, this.tokens, { ...this.options, remoteAddress });
  }

  withHeaders(headers: Record<string, string>): TestClient {
    return new TestClient(this.app, this.tokens, { ...this.options, headers: { ...this.options.headers, ...headers } });
  }

  get<T = unknown>(url: string): Promise<TestResponse<T>> {
    return this.request<T>('GET', url);
  }

  post<T = unknown>(url: string, body?: Body): Promise<TestResponse<T>> {
    return this.request<T>('POST', url, body);
  }

  async request<T>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: Body,
  ): Promise<TestResponse<T>> {
    const csrf = 'csrf-test-token-0123456789';
    const headers: Record<string, string> = {
      'x-requested-with': 'XMLHttpRequest',
      'accept-language': this.options.language ?? 'en-US',
      ...this.options.headers,
    };
    if (this.options.csrf !== false) {
      headers.cookie = `cms_token=${csrf}`;
      headers['bbs-xsrf-token'] = csrf;
    }
    if (this.options.memberId) {
      const access = this.tokens.issueAccessToken({ sub: this.options.memberId, kind: this.options.kind ?? 'member' });
      headers.authorization = `Bearer ${access},refresh-not-used-here`;
    }
    let payload: string | undefined;
    if (body !== undefined) {
      if (typeof body === 'string') {
        payload = body;
        headers['content-type'] ??= 'application/json';
      } else if (this.options.form) {
        payload = new URLSearchParams(
          Object.entries(body).flatMap(([key, value]) =>
            (Array.isArray(value) ? value : [value]).map((item): [string, string] => [key, String(item)]),
          ),
        ).toString();
        headers['content-type'] = 'application/x-www-form-urlencoded';
      } else {
        payload = JSON.stringify(body);
        headers['content-type'] = 'application/json';
      }
    }
    const response = await this.app.inject({
      method,
      url,
      headers,
      ...(payload !== undefined ? { payload } : {}),
      ...(this.options.remoteAddress ? { remoteAddress: this.options.remoteAddress } : {}),
    });
    const text = response.body;
    let parsed: unknown = text;
    if ((response.headers['content-type'] ?? '').toString().includes('json') && text) parsed = JSON.parse(text);
    return { status: response.statusCode, body: parsed as T, headers: response.headers };
  }
}
