import { escapeHtml } from "@worker/shared/html";

// Inline styles and a table layout: mail clients ignore <style> sheets and most modern CSS.
interface FooterLink {
  href: string;
  label: string;
}

const footerLink = (link: FooterLink | undefined) =>
  link ? ` <a href="${escapeHtml(link.href)}" style="color:#475569;text-decoration:underline">${escapeHtml(link.label)}</a>` : "";

/** Why an address gets mail it did not ask for at that moment (a code, an invitation). */
const SOMEONE_ENTERED =
  "You received this e-mail because someone entered this address on Experiences. If it was not you, you can ignore it.";

/**
 * `unsubscribe`: the page that stops mail like this one, linked from the footer (invitations, reminders, notifications);
 * `preferences`: every switch (notifications); `reason`: why this person gets it (a notification: 'You receive this
 * because you take part in Lisbon Offsite.').
 */
export function layout(
  heading: string,
  body: string,
  unsubscribe?: FooterLink,
  preferences?: FooterLink,
  reason = SOMEONE_ENTERED,
): string {
  const stop = footerLink(unsubscribe) + footerLink(preferences);
  return `<!doctype html>
<html lang="en"><body style="margin:0;padding:0;background:#f1f5f9;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:16px;overflow:hidden">
<tr><td style="background:#0f172a;padding:20px 28px;color:#ffffff;font-size:20px;font-weight:700;letter-spacing:.3px">Experiences</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">${escapeHtml(heading)}</h1>
${body}
</td></tr>
<tr><td style="padding:16px 28px;background:#f8fafc;color:#64748b;font-size:12px;line-height:1.5">${escapeHtml(reason)}${stop}</td></tr>
</table></td></tr></table></body></html>`;
}

/** Free text as one line (a subject, a plain-text list item): runs of white space become one space. */
export const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

export const paragraph = (text: string) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.6">${escapeHtml(text)}</p>`;

/** Links styled as the app's buttons, side by side, with the first's address spelled out below for clients that hide links. */
export const buttons = (links: { href: string; label: string }[]) =>
  `<p style="margin:0 0 20px">${links
    .map(
      ({ href, label }) =>
        `<a href="${escapeHtml(href)}" style="display:inline-block;margin:0 8px 8px 0;background:#2563eb;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:10px">${escapeHtml(label)}</a>`,
    )
    .join("")}</p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#475569;word-break:break-all">Or open this address: ${escapeHtml(links[0]?.href ?? "")}</p>`;

/** A link styled as the app's primary button, with the address spelled out below for clients that hide links. */
export const button = (href: string, label: string) => buttons([{ href, label }]);
