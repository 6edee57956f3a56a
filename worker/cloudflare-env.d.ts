import type { D1Migration } from "cloudflare:test";
import type { Bindings } from "./env";

// The tests' `env` (cloudflare:workers, cloudflare:test): the Worker's bindings and the migrations the setup applies. The
// generated Cloudflare.Env (worker-configuration.d.ts) types these members more loosely, so they are named again here.
declare global {
  namespace Cloudflare {
    interface Env extends Bindings {
      TEST_MIGRATIONS: D1Migration[];
      ENVIRONMENT: Bindings["ENVIRONMENT"];
      MAIL_QUEUE: Bindings["MAIL_QUEUE"];
      NOTIFY_QUEUE: Bindings["NOTIFY_QUEUE"];
      JWT_SECRET: string;
      PASSWORD_PEPPER: string;
      VAPID_PRIVATE_KEY: string;
    }
  }
}
