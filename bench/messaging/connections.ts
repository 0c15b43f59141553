import http from 'node:http';

/**
 * Opens one unread-count stream per token given on stdin (one per member token) to the server and keeps them open, as its own
 * process so that the server's memory is measured without the clients'. Prints `open <n>` once every stream has
 * answered with its first event, then waits for the parent to end it.
 */
function main(input: string): void {
  const { url, tokens } = JSON.parse(input) as { url: string; tokens: string[] };
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  let open = 0;
  let failed = 0;
  const report = () => {
    if (open + failed === tokens.length) console.log(JSON.stringify({ open, failed }));
  };
  for (const token of tokens) {
    const request = http.get(`${url}?access_token=${encodeURIComponent(token)}`, { agent }, (response) => {
      let seen = false;
      response.on('data', (chunk: Buffer) => {
        if (!seen && chunk.toString().includes('event: unread')) {
          seen = true;
          open++;
          report();
        }
      });
    });
    request.on('error', () => {
      failed++;
      report();
    });
  }
}

// The tokens come on stdin: 10,000 of them are too long for a command line.
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk: string) => (input += chunk));
process.stdin.on('end', () => main(input));
