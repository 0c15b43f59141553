import type { Db } from 'mongodb';
import type { EnvelopeEvent } from '@forum/contracts';
import { category } from '../audit/ledger-audit';
import type { AuditDifference } from '../audit/ledger-audit';

interface EnvelopeTally {
  id: string;
  total: number;
  claimed: number;
  refunded: number;
  /** Σ claims per batch (first position of the commit). */
  batches: Map<number, number>;
  abandoned?: boolean;
}

interface EnvelopeCommit {
  _id: string;
  streamId: string;
  committedAt: Date;
  events: { type: string; data: unknown }[];
}

/** Wallet entries that belong to envelopes, by operation id (`envelope:…` and `transfer:envelope:…:debit`). */
export function isEnvelopeOperation(operationId: string): boolean {
  return operationId.startsWith('envelope:') || operationId.startsWith('transfer:envelope:');
}

/**
 * Envelopes against the wallets (ADR 0016): each sent envelope's total was frozen once on its sender, each
 * claim batch was spent from that hold at most its claims' sum, the refund released exactly what the envelope
 * says it refunded, claims + refund never exceed the total, and no freeze is left without an envelope. A claim
 * batch or refund not yet booked is not a difference: that money is still in the sender's frozen balance.
 * Read at the ledger audit's cut (`category`); a freeze whose envelope was sent (or closed) after the cut is a
 * send in progress, not a freeze "never sent".
 */
export async function checkEnvelopes(
  db: Db,
  cut: Date,
  booked: ReadonlyMap<string, number>,
  differences: AuditDifference[],
): Promise<number> {
  const problem = (envelopeId: string, detail: string) =>
    differences.push({ walletId: `envelope-${envelopeId}`, problem: 'envelope_mismatch', detail });
  const seen = new Set<string>();
  let events = 0;
  const cursor = category(db, 'envelope', cut) as unknown as AsyncIterable<EnvelopeCommit>;
  // Streams come in order, one at a time: a cast keeps TypeScript from narrowing the tally to null for good.
  let current = null as EnvelopeTally | null;
  const finish = () => {
    if (!current) return;
    const { id, total, claimed, refunded, batches } = current;
    // Abandoned (never sent): checked below with the other unsent freezes, which must have been given back.
    if (current.abandoned) return;
    seen.add(id);
    const frozen = booked.get(`envelope:${id}:freeze`);
    if (frozen !== total) problem(id, `total ${total} but ${frozen ?? 0} frozen`);
    if (claimed + refunded > total) problem(id, `claimed ${claimed} + refunded ${refunded} > total ${total}`);
    for (const [batch, amount] of batches) {
      const spent = booked.get(`transfer:envelope:${id}:claims:${batch}:debit`);
      if (spent !== undefined && spent !== amount)
        problem(id, `claims from ${batch}: ${amount} claimed, ${spent} paid`);
    }
    const released = booked.get(`envelope:${id}:refund`);
    if (released !== undefined && released !== refunded) problem(id, `refunded ${refunded} but ${released} released`);
  };
  for await (const commit of cursor) {
    const id = commit.streamId.slice('envelope-'.length);
    if (current?.id !== id) {
      finish();
      current = { id, total: 0, claimed: 0, refunded: 0, batches: new Map() };
    }
    for (const stored of commit.events) {
      events++;
      const event = stored as EnvelopeEvent;
      if (event.type === 'EnvelopeSent') current.total = event.data.totalAmount;
      if (event.type === 'EnvelopeClaimed') {
        current.claimed += event.data.amount;
        current.batches.set(event.data.batch, (current.batches.get(event.data.batch) ?? 0) + event.data.amount);
      }
      if (event.type === 'EnvelopeRefunded') current.refunded += event.data.amount;
      if (event.type === 'EnvelopeAbandoned') current.abandoned = true;
    }
  }
  finish();
  const commits = db.collection<EnvelopeCommit>('commits');
  for (const [operationId, amount] of booked) {
    const match = /^envelope:(.+):freeze$/.exec(operationId);
    if (match && !seen.has(match[1]!) && booked.get(`envelope:${match[1]}:refund`) !== amount) {
      // The envelope's first commit came after the cut: sent (or closed) since, so a re-run would not report it.
      const first = await commits.findOne({ _id: `envelope-${match[1]}|${'1'.padStart(10, '0')}` });
      if (!first || first.committedAt < cut) problem(match[1]!, `${amount} frozen for an envelope that was never sent`);
    }
  }
  return events;
}
