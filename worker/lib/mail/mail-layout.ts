import type { I18n } from "@lingui/core";
import { escapeHtml } from "@worker/shared/html";
import { directionOf } from "@worker/shared/locales";

// Inline styles and a table layout: mail clients ignore <style> sheets and most modern CSS.
interface FooterLink {
  href: string;
  label: string;
}

const footerLink = (link: FooterLink | undefined) =>
  link
    ? ` <a href="${escapeHtml(link.href)}" class="mail-muted" style="color:#475569;text-decoration:underline">${escapeHtml(link.label)}</a>`
    : "";

/** Why an address gets mail it did not ask for at that moment (a code, an invitation). */
const someoneEntered = (i18n: I18n) =>
  i18n._("You received this e-mail because someone entered this address on Experiences. If it was not you, you can ignore it.");

/** A picture across the top of the card (an experience's cover): its absolute address and what it shows. */
export interface MailCover {
  src: string;
  alt: string;
}

const BRAND = "#4f46e5";

/** The side a line starts on ('left' in English, 'right' in Arabic): mail clients know few logical CSS properties. */
export const startSide = (dir: "ltr" | "rtl") => (dir === "rtl" ? "right" : "left");

/** The app's mark as the app draws it (a rounded square with an E), in table cells every client renders, images off too. */
const mark = (dir: "ltr" | "rtl") =>
  `<table role="presentation" cellpadding="0" cellspacing="0"><tr><td width="32" height="32" align="center" style="width:32px;height:32px;background:${BRAND};border-radius:8px;color:#ffffff;font-size:18px;font-weight:800;line-height:32px">E</td><td style="padding-${startSide(dir)}:10px;color:#ffffff;font-size:19px;font-weight:700;letter-spacing:.2px">Experiences</td></tr></table>`;

/**
 * Dark mode: Apple Mail and iOS follow this sheet; Gmail and Outlook invert colours themselves, which this palette
 * (a dark header, dark text on white, a saturated button) survives.
 */
const DARK = `<style>@media (prefers-color-scheme: dark){.mail-bg{background:#020617!important}.mail-card{background:#0f172a!important;color:#e2e8f0!important}.mail-foot{background:#1e293b!important;color:#94a3b8!important}.mail-muted{color:#94a3b8!important}.mail-box{background:#1e293b!important}}</style>`;

/**
 * Written in `i18n`'s language, with its `lang` and direction (Arabic and Hebrew read right to left).
 * `unsubscribe`: the page that stops mail like this one, linked from the footer (invitations, reminders, notifications);
 * `preferences`: every switch (notifications); `reason`: why this person gets it (a notification: 'You receive this
 * because you take part in Lisbon Offsite.'); `cover`: a picture across the top (an invitation's experience).
 */
export function layout(
  i18n: I18n,
  heading: string,
  body: string,
  unsubscribe?: FooterLink,
  preferences?: FooterLink,
  reason = someoneEntered(i18n),
  cover?: MailCover,
): string {
  const dir = directionOf(i18n.locale);
  const stop = footerLink(unsubscribe) + footerLink(preferences);
  const picture = cover
    ? `<tr><td style="padding:0"><img src="${escapeHtml(cover.src)}" alt="${escapeHtml(cover.alt)}" width="520" style="display:block;width:100%;max-width:520px;height:auto;border:0"></td></tr>\n`
    : "";
  return `<!doctype html>
<html lang="${escapeHtml(i18n.locale)}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark"><title>${escapeHtml(heading)}</title>${DARK}</head>
<body class="mail-bg" dir="${dir}" style="margin:0;padding:0;background:#f1f5f9;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" class="mail-bg" style="background:#f1f5f9;padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" class="mail-card" style="max-width:520px;background:#ffffff;border-radius:16px;overflow:hidden">
<tr><td style="background:#0f172a;padding:18px 28px">${mark(dir)}</td></tr>
${picture}<tr><td style="padding:28px">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">${escapeHtml(heading)}</h1>
${body}
</td></tr>
<tr><td class="mail-foot" style="padding:16px 28px;background:#f8fafc;color:#64748b;font-size:12px;line-height:1.5">${escapeHtml(reason)}${stop}</td></tr>
</table></td></tr></table></body></html>`;
}

/** Facts set apart in a soft box (an invitation's dates and first activity): one line each. */
export const factBox = (lines: string[]) =>
  `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 20px"><tr><td class="mail-box" style="background:#eef2ff;border-radius:12px;padding:14px 16px;font-size:15px;line-height:1.6">${lines
    .map(escapeHtml)
    .join("<br>")}</td></tr></table>`;

/** Free text as one line (a subject, a plain-text list item): runs of white space become one space. */
export const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

export const paragraph = (text: string) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.6">${escapeHtml(text)}</p>`;

/** Links styled as the app's buttons, side by side, with the first's address spelled out below for clients that hide links. */
export const buttons = (i18n: I18n, links: { href: string; label: string }[]) =>
  `<p style="margin:0 0 20px">${links
    .map(
      ({ href, label }) =>
        `<a href="${escapeHtml(href)}" style="display:inline-block;margin:${directionOf(i18n.locale) === "rtl" ? "0 0 8px 8px" : "0 8px 8px 0"};background:${BRAND};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:10px">${escapeHtml(label)}</a>`,
    )
    .join("")}</p>
<p class="mail-muted" style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#475569;word-break:break-all">${escapeHtml(i18n._("Or open this address: {address}", { address: links[0]?.href ?? "" }))}</p>`;

/** A link styled as the app's primary button, with the address spelled out below for clients that hide links. */
export const button = (i18n: I18n, href: string, label: string) => buttons(i18n, [{ href, label }]);
