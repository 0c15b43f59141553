/**
 * The `data` of each Server-Sent Event in a response body (the WHATWG event stream format): lines split on `\n` or
 * `\r\n`, `data:` lines of one event joined by `\n`, an event dispatched at a blank line, comments and other
 * fields ignored. Chunks may cut a line, or a UTF-8 character, anywhere.
 */
export async function* serverSentData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      const lines = buffer.split(/\r?\n/);
      buffer = done ? '' : lines.pop()!;
      for (const line of lines) {
        if (line === '') {
          if (data.length > 0) yield data.join('\n');
          data = [];
        } else if (line.startsWith('data:')) {
          data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
        }
      }
      if (done) {
        if (data.length > 0) yield data.join('\n');
        return;
      }
    }
  } finally {
    reader.releaseLock();
  }
}
