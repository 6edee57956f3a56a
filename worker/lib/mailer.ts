import { eq } from "drizzle-orm";
import { mailOutbox } from "../db/schema";
import type { Db } from "../db/client";
import type { Bindings } from "../env";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

const PROVIDER_URL = "https://api.resend.com/emails";

/**
 * Every message is written to the outbox. In development the outbox is the mailbox (/dev/mailbox);
 * in production the message is also handed to the mail provider over HTTPS.
 */
export function createMailer(env: Bindings, db: Db): Mailer {
  return {
    async send(mail) {
      const id = crypto.randomUUID();
      await db.insert(mailOutbox).values({ id, ...mail, status: env.ENVIRONMENT === "production" ? "QUEUED" : "SENT" });
      if (env.ENVIRONMENT !== "production") return;
      const response = await fetch(PROVIDER_URL, {
        method: "POST",
        headers: { Authorization: `Bearer ${env.MAIL_API_KEY}`, "Content-Type": "application/json" },
        body: JSON.stringify({ from: env.MAIL_FROM ?? "Experiences <no-reply@experiences.app>", ...mail }),
      });
      await db
        .update(mailOutbox)
        .set({ status: response.ok ? "SENT" : "FAILED" })
        .where(eq(mailOutbox.id, id));
      if (!response.ok) throw new Error(`Mail provider answered ${response.status}`);
    },
  };
}
