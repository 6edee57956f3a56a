// npm start: build the SPA, migrate the local D1, start wrangler dev, seed the demo data, print how to sign in.
import { assertNode, migrateLocal, run, seed, startWorker } from "./lib.mjs";

assertNode();
const port = Number(process.env.PORT ?? 8787);

console.log("Building the web app…");
await import("./compile-catalogs.mjs");
run("vite", ["build", "--logLevel", "warn"]);
console.log("Applying D1 migrations locally…");
migrateLocal();
console.log("Starting the Worker…");
const { child, url } = await startWorker({ port });
const demo = await seed(url);

console.log(`
  Experiences is running at ${url}

  Demo login   ${demo.email}
  Password     ${demo.password}
  Other roles  host@experiences.app and guest@experiences.app (same password)
  Dev mailbox  ${url}/dev/mailbox

  Press Ctrl+C to stop.
`);

for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
