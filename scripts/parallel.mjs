// node scripts/parallel.mjs lint typecheck build: runs npm scripts side by side (npm test's checks, which are
// single-threaded and independent, so two cores finish them in the time of the longest), prints each one's output
// whole when it ends, and fails when any of them fails.
import { spawn } from "node:child_process";

const scripts = process.argv.slice(2);
const started = Date.now();

const run = (script) =>
  new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], { env: process.env });
    const output = [];
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("close", (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(`\n> ${script}: ${code === 0 ? "passed" : `failed (exit ${code})`} after ${seconds} s\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });

const results = await Promise.all(scripts.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
