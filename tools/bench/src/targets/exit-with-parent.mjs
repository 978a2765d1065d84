// Preloaded (`node --import exit-with-parent.mjs …`) into each server the benchmark starts, whose stdin is a
// pipe the benchmark holds open and never writes to. When the benchmark is gone, however it ended (SIGKILL
// included), the kernel closes that pipe: this process then stops as on SIGTERM (the server's graceful
// shutdown), and exits anyway if that has not happened within ten seconds. The watch keeps nothing alive.
const stop = () => {
  process.kill(process.pid, 'SIGTERM');
  setTimeout(() => process.exit(1), 10_000).unref();
};
process.stdin.once('end', stop);
process.stdin.once('error', stop);
process.stdin.resume();
process.stdin.unref();
