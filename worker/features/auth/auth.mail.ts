import { escapeHtml } from "../../lib/html";
import type { Mail } from "../../lib/mailer";

// Inline styles and a table layout: mail clients ignore <style> sheets and most modern CSS.
function layout(heading: string, body: string): string {
  return `<!doctype html>
<html lang="en"><body style="margin:0;padding:0;background:#f1f5f9;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border-radius:16px;overflow:hidden">
<tr><td style="background:#0f172a;padding:20px 28px;color:#ffffff;font-size:20px;font-weight:700;letter-spacing:.3px">Experiences</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3">${escapeHtml(heading)}</h1>
${body}
</td></tr>
<tr><td style="padding:16px 28px;background:#f8fafc;color:#64748b;font-size:12px;line-height:1.5">You received this e-mail because someone entered this address on Experiences. If it was not you, you can ignore it.</td></tr>
</table></td></tr></table></body></html>`;
}

const paragraph = (text: string) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.6">${escapeHtml(text)}</p>`;

export function otpMail(to: string, code: string, purpose: "REGISTER" | "PASSWORD_RESET"): Mail {
  const intro =
    purpose === "PASSWORD_RESET"
      ? "Use this code to reset your Experiences password."
      : "Use this code to verify your e-mail address and finish creating your Experiences account.";
  const expiry = "The code expires in 10 minutes and works once.";
  return {
    to,
    subject: "Your Experiences verification code",
    text: `${intro}\n\n${code}\n\n${expiry}`,
    html: layout(
      "Your verification code",
      `${paragraph(intro)}
<p style="margin:0 0 16px;font-size:34px;font-weight:700;letter-spacing:10px;font-family:'SFMono-Regular',Menlo,Consolas,monospace;background:#f1f5f9;border-radius:12px;padding:16px;text-align:center">${code}</p>
${paragraph(expiry)}`,
    ),
  };
}

/** Sent instead of a registration code when the address already has an account. */
export function accountExistsMail(to: string, appOrigin: string): Mail {
  const intro = "Someone, probably you, asked to create an Experiences account with this address, but it already has one.";
  const next = "Sign in with your password or with Google. If you have forgotten your password, choose Forgot password to reset it.";
  return {
    to,
    subject: "You already have an Experiences account",
    text: `${intro}\n\n${next}\n\n${appOrigin}`,
    html: layout(
      "You already have an account",
      `${paragraph(intro)}${paragraph(next)}
<p style="margin:0 0 20px"><a href="${escapeHtml(appOrigin)}" style="display:inline-block;background:#2563eb;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:10px">Open Experiences</a></p>`,
    ),
  };
}

export function resetLinkMail(to: string, firstName: string, link: string): Mail {
  const greeting = `Hi ${firstName},`;
  const intro = "We received a request to reset your Experiences password. Choose a new one with the link below.";
  const expiry = "The link expires in 1 hour and works once. If you did not ask for it, your password stays as it is.";
  return {
    to,
    subject: "Reset your Experiences password",
    text: `${greeting}\n\n${intro}\n\n${link}\n\n${expiry}`,
    html: layout(
      "Reset your password",
      `${paragraph(greeting)}${paragraph(intro)}
<p style="margin:0 0 20px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#2563eb;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:10px">Reset Password</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#475569;word-break:break-all">Or open this address: ${escapeHtml(link)}</p>
${paragraph(expiry)}`,
    ),
  };
}
