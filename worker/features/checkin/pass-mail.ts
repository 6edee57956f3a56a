import type { I18n } from "@lingui/core";
import type { MailAttachment } from "@worker/db/schema";
import { toBase64 } from "@worker/lib/crypto";
import { button, layout, oneLine, paragraph } from "@worker/lib/mail/mail-layout";
import type { Mail } from "@worker/lib/mail/mailer";
import { oneClickHeaders } from "@worker/lib/mail/notification-links";
import { recipientI18n } from "@worker/lib/mail/recipient-language";
import { itinerarySummary } from "@worker/shared/date-range";
import { escapeHtml } from "@worker/shared/html";
import { passQrSvg } from "@worker/shared/pass-qr";

/** The experience a 'Your pass' e-mail is for. */
export interface PassExperience {
  name: string;
  startTime: Date;
  endTime: Date;
  /** Its dates are worded on its clock. */
  timeZone: string;
  appOrigin: string;
  /** Its language (events.language): what a guest without a saved language reads. */
  language?: string;
}

/** The guest and their pass. */
export interface PassHolder {
  email: string;
  firstName: string;
  /** The name on the pass. */
  name: string;
  serial: string;
  token: string;
  /** Their account's saved language (users.language), if any. */
  language?: string | null;
}

/** The HTML names the QR code's attachment by this Content-ID. */
const QR_CONTENT_ID = "pass-qr";
/** About this many pixels wide: a whole number of pixels per module keeps the PNG sharp and a few KB. */
const QR_PIXELS = 300;

/** The QR code as a PNG (mail clients strip `data:` images and most draw no SVG), scaled by a whole number. */
async function qrPng(token: string): Promise<MailAttachment> {
  const svg = await passQrSvg(token);
  const modules = Number(/viewBox="0 0 (\d+)/.exec(svg)?.[1]) || QR_PIXELS;
  // The rasteriser's WebAssembly loads on the first image an isolate draws.
  const { renderPng } = await import("@worker/lib/share-card/render-png");
  const png = await renderPng(svg, modules * Math.max(1, Math.round(QR_PIXELS / modules)));
  return { filename: "pass.png", contentType: "image/png", contentId: QR_CONTENT_ID, content: toBase64(png) };
}

/**
 * The 'Your pass' e-mail: the QR code inline (by `cid:`), the serial in words, a button to the full-screen pass (the
 * token in the fragment, which never reaches a server log), and a one-click way to stop the experience's mail
 * (List-Unsubscribe and List-Unsubscribe-Post, as invitations carry). Written in the guest's language
 * (worker/lib/mail/recipient-language.ts: their account's, else the experience's).
 */
export async function passMail(
  experience: PassExperience,
  holder: PassHolder,
  unsubscribe: { page: string; oneClick: string },
  i18n: I18n = recipientI18n({ account: holder.language, experience: experience.language }),
): Promise<Mail> {
  const name = oneLine(experience.name);
  const dates = itinerarySummary(experience.startTime, experience.endTime, experience.timeZone, i18n);
  const link = `${experience.appOrigin}/pass#${holder.token}`;
  const greeting = holder.firstName ? i18n._("Hi {firstName},", { firstName: oneLine(holder.firstName) }) : i18n._("Hi,");
  const intro = i18n._("Here is your pass for {name} ({dates}). Show the QR code at the entrance to check in.", { name, dates });
  const serial = i18n._("Pass {serial} · {name}", { serial: holder.serial, name: oneLine(holder.name) });
  const stopLabel = i18n._("Unsubscribe from this experience's e-mails");
  const subject = i18n._("Your pass for {name}", { name });
  const qr = `<p style="margin:0 0 8px;text-align:center"><img src="cid:${QR_CONTENT_ID}" alt="${escapeHtml(i18n._("Your pass QR code"))}" width="240" height="240" style="display:inline-block;width:240px;height:240px"></p>
<p style="margin:0 0 20px;text-align:center;font-size:13px;color:#475569;font-family:ui-monospace,Menlo,monospace">${escapeHtml(serial)}</p>`;
  const open = i18n._("Open it on your phone to show it full screen:");
  return {
    to: holder.email,
    subject,
    text: `${greeting}\n\n${intro}\n\n${serial}\n\n${open}\n${link}\n\n${i18n._("{label}: {address}", { label: stopLabel, address: unsubscribe.page })}`,
    html: layout(
      i18n,
      subject,
      `${paragraph(greeting)}${paragraph(intro)}${qr}${paragraph(open)}${button(i18n, link, i18n._("Open your pass"))}`,
      { href: unsubscribe.page, label: stopLabel },
      undefined,
      i18n._("You received this e-mail because you are attending {name} on Experiences.", { name }),
    ),
    headers: oneClickHeaders(unsubscribe.oneClick),
    attachments: [await qrPng(holder.token)],
  };
}
