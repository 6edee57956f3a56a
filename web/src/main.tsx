import { firstViewShown } from "@web/app/first-view";
import "./index.css";

let started = false;
function start() {
  if (started) return;
  started = true;
  void import("@web/app/start");
}

/** Once the page has loaded (its cover included) and a frame has been painted with it. */
function afterLoadAndPaint(run: () => void) {
  const paintThenRun = () => requestAnimationFrame(() => setTimeout(run));
  if (document.readyState === "complete") paintThenRun();
  else addEventListener("load", paintThenRun, { once: true });
}

/** At the first touch, click or key press: the visitor wants to act, and only the app can answer. */
function onFirstInteraction(run: () => void) {
  const types = ["pointerdown", "touchstart", "keydown"] as const;
  const once = () => {
    for (const type of types) removeEventListener(type, once, { capture: true });
    run();
  };
  for (const type of types) addEventListener(type, once, { capture: true, once: true, passive: true });
}

// Where the HTML already shows the page (a static first view), the app's JavaScript (React, the router, the layouts)
// is fetched once that page and its picture are on screen, so it does not share the bandwidth the first paint needs,
// or as soon as the visitor reaches for the page (a tap on Join while a slow cover still loads); elsewhere at once.
if (firstViewShown()) {
  afterLoadAndPaint(start);
  onFirstInteraction(start);
} else start();
