// A stand-in for the peer engine's driver (benchmarks/peer.py), for the smoke test only:
// it speaks the driver's line protocol (a line SECONDS in, a line ROUNDS MOVES SECONDS out)
// and counts a busy loop, so the benchmark's own code runs end to end without the peer.
const readline = require("node:readline");
const rl = readline.createInterface({ input: process.stdin });
rl.on("line", (line) => {
  const seconds = Number(line);
  const start = process.hrtime.bigint();
  let rounds = 0;
  while (Number(process.hrtime.bigint() - start) / 1e9 < seconds) rounds += 1;
  const took = Number(process.hrtime.bigint() - start) / 1e9;
  process.stdout.write(`${Math.max(1, rounds)} ${Math.max(1, rounds) * 107} ${took}\n`);
});
