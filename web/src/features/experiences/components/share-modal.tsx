import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { Button } from "@web/components/ui/button";
import { Modal } from "@web/components/ui/modal";
import { UserText } from "@web/components/ui/user-text";
import { copyLink, shareUrl } from "@web/lib/copy-link";
import { useI18n } from "@web/lib/i18n";
import { Trans } from "@web/lib/trans";

const QR_SIZE = 220;
const QR_DOWNLOAD_SCALE = 4;

/** The public link of an experience: a QR code, the URL to copy, and the QR as a PNG download at 4x. */
export function ShareModal({ eventId, experienceName, onClose }: { eventId: string; experienceName: string; onClose: () => void }) {
  const i18n = useI18n();
  const url = shareUrl(eventId);
  const [qr, setQr] = useState<string | null>(null);

  useEffect(() => {
    void QRCode.toDataURL(url, { width: QR_SIZE, margin: 1 }).then(setQr);
  }, [url]);

  const download = async () => {
    const data = await QRCode.toDataURL(url, { width: QR_SIZE * QR_DOWNLOAD_SCALE, margin: 1 });
    const link = document.createElement("a");
    link.href = data;
    link.download = "qrcode.png";
    link.click();
  };

  return (
    <Modal title={i18n._("Share")} onClose={onClose} size="sm">
      <div className="space-y-5 text-center">
        <p className="text-sm text-slate-600">
          <Trans
            id="Anyone with this link can see the itinerary of <0>{experienceName}</0>, no sign-in needed."
            values={{ experienceName }}
            components={{ 0: <UserText /> }}
          />
        </p>
        <div className="mx-auto grid size-[236px] place-items-center rounded-2xl border border-slate-200 bg-white">
          {qr ? <img src={qr} alt={i18n._("QR code for {url}", { url })} width={QR_SIZE} height={QR_SIZE} data-testid="share-qr" /> : null}
        </div>
        <div className="flex items-center gap-2 rounded-lg border border-slate-300 bg-slate-50 p-1 ps-3 text-start">
          <input
            readOnly
            value={url}
            aria-label={i18n._("Share link")}
            className="min-w-0 flex-1 bg-transparent text-sm text-slate-700 outline-none"
            onFocus={(e) => e.target.select()}
          />
          <Button onClick={() => void copyLink(url, i18n._("Select it and copy it by hand."))}>{i18n._("Copy")}</Button>
        </div>
        <Button variant="secondary" className="w-full" onClick={download}>
          {i18n._("Download QR code")}
        </Button>
      </div>
    </Modal>
  );
}
