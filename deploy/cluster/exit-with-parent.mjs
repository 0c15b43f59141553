// Preloaded (`node --import`) into every service process of `npm run start:cluster`: the launcher holds the other end
// of this process's stdin, so when the launcher is gone (even SIGKILLed) stdin ends and the service stops too. The
// broker and database usually went with it (their JVMs watch their stdin the same way), so a graceful stop could wait
// on them for minutes: after 10 s the process exits regardless.
process.stdin.on('end', () => {
  setTimeout(() => process.exit(1), 10_000).unref();
  process.kill(process.pid, 'SIGTERM');
});
process.stdin.resume();
