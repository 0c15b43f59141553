import { Injectable } from '@nestjs/common';

export type ReadinessCheck = () => Promise<void>;

/** Components register what must hold for the process to take traffic; `/api/ready` runs them all. */
@Injectable()
export class Readiness {
  private readonly checks = new Map<string, ReadinessCheck>();

  register(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  async run(): Promise<{ ready: boolean; checks: Record<string, string> }> {
    const results = await Promise.all(
      [...this.checks].map(async ([name, check]) => {
        try {
          await Promise.race([
            check(),
            new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000)),
          ]);
          return [name, 'ok'] as const;
        } catch (error) {
          return [name, (error as Error).message] as const;
        }
      }),
    );
    return { ready: results.every(([, status]) => status === 'ok'), checks: Object.fromEntries(results) };
  }
}
