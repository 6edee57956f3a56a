import type { I18n } from "@lingui/core";
import { layout, paragraph } from "@worker/lib/mail/mail-layout";
import type { Mail } from "@worker/lib/mail/mailer";
import { sourceI18n } from "@worker/lib/mail/recipient-language";
import { escapeHtml } from "@worker/shared/html";
import type { OtpPurpose } from "./otp.service";

// The sign-in mails, in the language of whoever asked for them (worker/lib/mail/recipient-language.ts): the caller
// passes `recipientI18n({ account: user?.language, asked: c.var.locale })`.

const CODE_INTRO: Record<OtpPurpose, string> = {
  PASSWORD_RESET: /*i18n*/ "Use this code to reset your Experiences password.",
  REGISTER: /*i18n*/ "Use this code to verify your e-mail address and finish creating your Experiences account.",
  SIGNIN:
    /*i18n*/ "Use this code to continue on Experiences with this e-mail address. If you did not ask for it, you can ignore this mail.",
};

export function otpMail(to: string, code: string, purpose: OtpPurpose, i18n: I18n = sourceI18n()): Mail {
  const intro = i18n._(CODE_INTRO[purpose]);
  const expiry = i18n._("The code expires in 10 minutes and works once.");
  return {
    to,
    subject: i18n._("Your Experiences verification code"),
    text: `${intro}\n\n${code}\n\n${expiry}`,
    html: layout(
      i18n,
      i18n._("Your verification code"),
      `${paragraph(intro)}
<p dir="ltr" style="margin:0 0 16px;font-size:34px;font-weight:700;letter-spacing:10px;font-family:'SFMono-Regular',Menlo,Consolas,monospace;background:#f1f5f9;border-radius:12px;padding:16px;text-align:center">${code}</p>
${paragraph(expiry)}`,
    ),
  };
}

/** Sent instead of a registration code when the address already has an account. */
export function accountExistsMail(to: string, appOrigin: string, i18n: I18n = sourceI18n()): Mail {
  const intro = i18n._("Someone, probably you, asked to create an Experiences account with this address, but it already has one.");
  const next = i18n._(
    "Sign in with your password or with Google. If you have forgotten your password, choose Forgot password to reset it.",
  );
  return {
    to,
    subject: i18n._("You already have an Experiences account"),
    text: `${intro}\n\n${next}\n\n${appOrigin}`,
    html: layout(
      i18n,
      i18n._("You already have an account"),
      `${paragraph(intro)}${paragraph(next)}
<p style="margin:0 0 20px"><a href="${escapeHtml(appOrigin)}" style="display:inline-block;background:#2563eb;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:10px">${escapeHtml(i18n._("Open Experiences"))}</a></p>`,
    ),
  };
}

export function resetLinkMail(to: string, firstName: string, link: string, i18n: I18n = sourceI18n()): Mail {
  const greeting = i18n._("Hi {firstName},", { firstName });
  const intro = i18n._("We received a request to reset your Experiences password. Choose a new one with the link below.");
  const expiry = i18n._("The link expires in 1 hour and works once. If you did not ask for it, your password stays as it is.");
  return {
    to,
    subject: i18n._("Reset your Experiences password"),
    text: `${greeting}\n\n${intro}\n\n${link}\n\n${expiry}`,
    html: layout(
      i18n,
      i18n._("Reset your password"),
      `${paragraph(greeting)}${paragraph(intro)}
<p style="margin:0 0 20px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#2563eb;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 22px;border-radius:10px">${escapeHtml(i18n._("Reset Password"))}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#475569;word-break:break-all">${escapeHtml(i18n._("Or open this address: {address}", { address: link }))}</p>
${paragraph(expiry)}`,
    ),
  };
}
