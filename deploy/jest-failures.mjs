// Reads a Jest `--json` report and prints what failed, so the end of a CI log (often all one sees of it) names
// the failing tests and their first lines instead of the last suite's logs. Prints the failed files' paths on
// stdout (for a re-run) and the failures on stderr.
import { readFileSync } from 'node:fs';

const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const failed = report.testResults.filter((file) => file.status === 'failed');
for (const file of failed) {
  console.error(`\n✕ ${file.name}`);
  const tests = file.assertionResults.filter((test) => test.status === 'failed');
  if (tests.length === 0 && file.message) console.error(indent(file.message));
  for (const test of tests) {
    console.error(`  ✕ ${test.fullName}`);
    for (const message of test.failureMessages) console.error(indent(message));
  }
}
console.log(failed.map((file) => file.name).join('\n'));

function indent(text) {
  return text
    .split('\n')
    .slice(0, 25)
    .map((line) => `      ${line}`)
    .join('\n');
}
