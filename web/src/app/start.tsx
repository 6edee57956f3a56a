// First: before any form schema is made.
import "./zod-without-eval";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { reloadOnMissingChunks } from "@web/lib/chunk-reload";
import { activateLanguage, initialLanguage } from "@web/lib/i18n";
import { queryClient } from "@web/lib/query-client";
import { registerServiceWorkerWhenSettled } from "@web/lib/service-worker";
import { App } from "./app";
import { seedQueriesFromHtml } from "./seed-from-html";

seedQueriesFromHtml(queryClient);
reloadOnMissingChunks();
// The shell offline, saved files and push (docs/offline.md); not from the dev server, whose modules change as you edit.
if (import.meta.env.PROD) registerServiceWorkerWhenSettled();

// The HTML may already show the page (a static first view), so the first render need not hold the main thread:
// as a transition it yields to the browser every few milliseconds. It waits for the reader's catalog (one small chunk).
void activateLanguage(initialLanguage()).then(() =>
  startTransition(() => {
    createRoot(document.getElementById("root")!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }),
);
