import { useEffect, useRef, useState } from "react";
import { Button } from "@web/components/ui/button";
import { useI18n } from "@web/lib/i18n";
import { qrReader } from "../scanning/qr-reader";

/** About 8 frames a second: a pass held up is read at once, and a phone's battery lasts the evening. */
const FRAME_MS = 125;
/** A QR code stays in view after it was read: the same one again within this time is the same scan. */
const SAME_CODE_MS = 3000;

type CameraState = { kind: "off" } | { kind: "starting" } | { kind: "on" } | { kind: "failed"; message: string };

/** Start camera / Stop camera, and the back camera's picture, read for QR codes while it is on. */
export function CameraScanner({ disabled, onCode }: { disabled: boolean; onCode: (text: string) => void }) {
  const i18n = useI18n();
  const [state, setState] = useState<CameraState>({ kind: "off" });
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const onCodeRef = useRef(onCode);
  useEffect(() => void (onCodeRef.current = onCode));

  const stop = () => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    setState({ kind: "off" });
  };

  async function start() {
    setState({ kind: "starting" });
    try {
      const [media, reader] = await Promise.all([
        navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false }),
        qrReader(),
      ]);
      stream.current = media;
      if (video.current) {
        video.current.srcObject = media;
        await video.current.play().catch(() => undefined);
      }
      setState({ kind: "on" });
      const seen = new Map<string, number>();
      const tick = async () => {
        if (stream.current !== media || !video.current) return;
        if (video.current.readyState >= 2) {
          const now = Date.now();
          for (const text of await reader.read(video.current).catch(() => [])) {
            if (now - (seen.get(text) ?? -Infinity) >= SAME_CODE_MS) onCodeRef.current(text);
            seen.set(text, now);
          }
        }
        setTimeout(() => void tick(), FRAME_MS);
      };
      void tick();
    } catch (error) {
      stop();
      const denied = error instanceof DOMException && error.name === "NotAllowedError";
      setState({
        kind: "failed",
        message: denied ? i18n._("Allow the camera in your browser's settings to scan passes") : i18n._("The camera could not be started"),
      });
    }
  }

  useEffect(() => () => stream.current?.getTracks().forEach((track) => track.stop()), []);

  const on = state.kind === "on" || state.kind === "starting";
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        {/* One button that turns, so the focus stays on it. */}
        <Button variant={on ? "secondary" : "primary"} onClick={on ? stop : () => void start()} disabled={!on && disabled}>
          {on ? i18n._("Stop camera") : i18n._("Start camera")}
        </Button>
        {state.kind === "starting" && <span className="text-sm text-slate-600">{i18n._("Starting the camera…")}</span>}
        {state.kind === "failed" && (
          <span role="alert" className="text-sm text-rose-700">
            {state.message}
          </span>
        )}
      </div>
      <video
        ref={video}
        muted
        playsInline
        aria-label={i18n._("Camera")}
        hidden={!on}
        className="aspect-[4/3] w-full max-w-md rounded-xl bg-slate-900 object-cover"
      />
    </div>
  );
}
