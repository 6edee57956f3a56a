import { useEffect, useState, type ComponentType, type ReactNode } from "react";
import { Link, useLocation } from "react-router-dom";
import { MAIN_ID } from "@web/components/ui/skip-link";
import { useI18n } from "@web/lib/i18n";
import { passQrSvg } from "@worker/shared/pass-qr";
import { PassFace, svgSource } from "./components/pass-face";
import { useWakeLock } from "./hooks/use-wake-lock";
import { passFromHash } from "./pass-hash";

export const NO_PASS_IN_LINK =
  /*i18n*/ "This link does not hold a pass. Open the link in your 'Your pass' e-mail again, or find your pass on the experience's page.";

/** The experience's name over the pass, when the signed-in viewer may read it (composed by the router). */
type ExperienceNameSlot = ComponentType<{ eventId: string }>;

/**
 * /pass#{token}: the link in the 'Your pass' e-mail. The QR code is drawn here in the browser from the fragment (which
 * never reaches a server), so it shows signed out and without a network, full screen, with the screen kept on.
 */
export function PassPage({ experienceName: ExperienceName }: { experienceName?: ExperienceNameSlot }) {
  const i18n = useI18n();
  const { hash } = useLocation();
  const pass = passFromHash(hash);
  return (
    <main id={MAIN_ID} tabIndex={-1} className="fixed inset-0 z-40 flex flex-col overflow-y-auto bg-white outline-none">
      {pass ? (
        <DrawnPass token={pass.token} detail={ExperienceName && <ExperienceName eventId={pass.eventId} />} />
      ) : (
        <div className="m-auto max-w-md px-6 text-center">
          <h1 className="text-lg font-semibold text-slate-900">{i18n._("No pass here")}</h1>
          <p className="mt-2 text-sm text-slate-600">{i18n._(NO_PASS_IN_LINK)}</p>
          <Link to="/" className="mt-4 inline-block font-medium text-brand-700 hover:underline">
            {i18n._("Go to your experiences")}
          </Link>
        </div>
      )}
    </main>
  );
}

function DrawnPass({ token, detail }: { token: string; detail: ReactNode }) {
  const i18n = useI18n();
  const [drawn, setDrawn] = useState<{ token: string; src: string } | null>(null);
  useWakeLock();
  useEffect(() => {
    let current = true;
    void passQrSvg(token).then((svg) => current && setDrawn({ token, src: svgSource(svg) }));
    return () => {
      current = false;
    };
  }, [token]);
  if (drawn?.token !== token)
    return (
      <p role="status" className="m-auto text-sm text-slate-600">
        {i18n._("Drawing your pass…")}
      </p>
    );
  return <PassFace level="h1" detail={detail} qrSrc={drawn.src} />;
}
