import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { Button } from "@web/components/ui/button";
import { Modal } from "@web/components/ui/modal";
import { UserText } from "@web/components/ui/user-text";
import { copyLink, shareUrl } from "@web/lib/copy-link";

const QR_SIZE = 220;
const QR_DOWNLOAD_SCALE = 4;

/** The public link of an experience: a QR code, the URL to copy, and the QR as a PNG download at 4x. */
export function ShareModal({ eventId, experienceName, onClose }: { eventId: string; experienceName: string; onClose: () => void }) {
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
    <Modal title="Share" onClose={onClose} size="sm">
      <div className="space-y-5 text-center">
        <p className="text-sm text-slate-600">
          Anyone with this link can see the itinerary of <UserText>{experienceName}</UserText>, no sign-in needed.
        </p>
        <div className="mx-auto grid size-[236px] place-items-center rounded-2xl border border-slate-200 bg-white">
          {qr ? <img src={qr} alt={`QR code for ${url}`} width={QR_SIZE} height={QR_SIZE} data-testid="share-qr" /> : null}
        </div>
        <div className="flex items-center gap-2 rounded-lg border border-slate-300 bg-slate-50 p-1 pl-3 text-left">
          <input
            readOnly
            value={url}
            aria-label="Share link"
            className="min-w-0 flex-1 bg-transparent text-sm text-slate-700 outline-none"
            onFocus={(e) => e.target.select()}
          />
          <Button onClick={() => void copyLink(url, "Select it and copy it by hand.")}>Copy</Button>
        </div>
        <Button variant="secondary" className="w-full" onClick={download}>
          Download QR code
        </Button>
      </div>
    </Modal>
  );
}
