// Preloaded (`node --import`) into every process of `npm run start:cluster`: the launcher holds the other end of
// this process's stdin, so when the launcher is gone (even SIGKILLed) stdin ends and the service stops too.
process.stdin.on('end', () => process.kill(process.pid, 'SIGTERM'));
process.stdin.resume();
