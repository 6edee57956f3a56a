// npm run dev: wrangler dev for the Worker, and Vite's dev server (hot reload) proxying the Worker's paths.
import { spawn } from "node:child_process";
import { assertNode, migrateLocal, root, seed, startWorker } from "./lib.mjs";

assertNode();
// The catalogs the app and the Worker import (docs/languages.md); `npm run i18n` after adding a message.
await import("./compile-catalogs.mjs");
const workerPort = 8787;
const vitePort = Number(process.env.PORT ?? 5173);
migrateLocal();
// Links in e-mails (password reset) point at the Vite server, where the app is served in development.
const { child: worker, url } = await startWorker({ port: workerPort, origin: `http://localhost:${vitePort}`, log: "info" });
const demo = await seed(url);
const vite = spawn(`${root}node_modules/.bin/vite`, ["--port", String(vitePort), "--strictPort"], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, WORKER_PORT: String(workerPort) },
});
console.log(`Demo login: ${demo.email} / ${demo.password}`);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => [worker, vite].forEach((c) => c.kill(signal)));
vite.on("exit", () => worker.kill());
