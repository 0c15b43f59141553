/**
 * A small word diff for the edit history (docs/rules/forum.md, edit history): no dependency, text only (the server
 * sends revisions as plain text with hidden blocks already replaced). A "word" is a run of letters or digits, one
 * CJK character (Chinese has no spaces between words), one punctuation mark or a run of spaces / line breaks.
 * Myers' O((N+M)·D) algorithm after trimming the common start and end, so a small edit of a long text is cheap; an
 * edit too different to compare within `maxEdits` is shown as the old text removed and the new one added.
 */
export interface DiffToken {
  /** What is shown. */
  text: string;
  /** What is compared (a placeholder token keeps its own key, so it never equals typed text). */
  key: string;
  /** A placeholder rather than text: a locked hidden block, or where an opened one starts and ends. */
  kind?: 'locked' | 'block' | 'blockEnd';
}

export type DiffPart = { op: 'same' | 'added' | 'removed'; tokens: DiffToken[] };

const WORD =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|[\p{L}\p{N}\p{M}_'’-]+|\s+|[^\s\p{L}\p{N}]/gu;

export function words(text: string): DiffToken[] {
  return (text.match(WORD) ?? []).map((word) => ({ text: word, key: word }));
}

/** The parts of `after` against `before`, in reading order; neighbouring tokens of one kind are grouped. */
export function diffTokens(before: DiffToken[], after: DiffToken[], maxEdits = 4000): DiffPart[] {
  let start = 0;
  while (start < before.length && start < after.length && before[start]!.key === after[start]!.key) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before[endBefore - 1]!.key === after[endAfter - 1]!.key) {
    endBefore--;
    endAfter--;
  }
  const ops: { op: DiffPart['op']; token: DiffToken }[] = [];
  for (const token of before.slice(0, start)) ops.push({ op: 'same', token });
  ops.push(...middle(before.slice(start, endBefore), after.slice(start, endAfter), maxEdits));
  for (const token of after.slice(endAfter)) ops.push({ op: 'same', token });
  const parts: DiffPart[] = [];
  for (const { op, token } of ops) {
    const last = parts[parts.length - 1];
    if (last?.op === op) last.tokens.push(token);
    else parts.push({ op, tokens: [token] });
  }
  return parts;
}

type Op = { op: DiffPart['op']; token: DiffToken };

/** Myers' greedy shortest edit script, with the trace kept to walk back. */
function middle(a: DiffToken[], b: DiffToken[], maxEdits: number): Op[] {
  const n = a.length;
  const m = b.length;
  if (n === 0) return b.map((token) => ({ op: 'added', token }));
  if (m === 0) return a.map((token) => ({ op: 'removed', token }));
  const max = Math.min(n + m, maxEdits);
  const offset = max + 1;
  let v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    const next = v.slice();
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x]!.key === b[y]!.key) {
        x++;
        y++;
      }
      next[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, a, b, offset, d);
    }
    v = next;
  }
  // Too different to compare cheaply: all of it replaced.
  return [
    ...a.map((token) => ({ op: 'removed' as const, token })),
    ...b.map((token) => ({ op: 'added' as const, token })),
  ];
}

function backtrack(trace: Int32Array[], a: DiffToken[], b: DiffToken[], offset: number, depth: number): Op[] {
  const ops: Op[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = depth; d > 0; d--) {
    const v = trace[d]!;
    const k = x - y;
    const down = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!);
    const previousK = down ? k + 1 : k - 1;
    const previousX = v[offset + previousK]!;
    const previousY = previousX - previousK;
    while (x > previousX && y > previousY) {
      ops.push({ op: 'same', token: a[--x]! });
      y--;
    }
    if (down) ops.push({ op: 'added', token: b[--y]! });
    else ops.push({ op: 'removed', token: a[--x]! });
  }
  while (x > 0 && y > 0) {
    ops.push({ op: 'same', token: a[--x]! });
    y--;
  }
  return ops.reverse();
}
