import { sql } from "drizzle-orm";
import { users } from "@worker/db/schema";
import type { Bindings } from "@worker/env";
import { imageView } from "@worker/lib/files";
import type { Person } from "@worker/shared/views.schema";

// People as every list shows them (feed, bulletins, guests, feedback results): a name and a picture, never an e-mail.

/** A person's name as SQL, for rows that read it in their own statement: 'Ana Lima', or the first name alone. */
export const personName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

/** Select these columns (from a query joined with `users`) to build a Person. */
export const personColumns = {
  guid: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  profilePicFileId: users.profilePicFileId,
};

export interface PersonRow {
  guid: string;
  firstName: string;
  lastName: string;
  profilePicFileId: string | null;
}

export async function toPerson(env: Bindings, row: PersonRow): Promise<Person> {
  return {
    guid: row.guid,
    firstName: row.firstName,
    lastName: row.lastName,
    profilePic: row.profilePicFileId ? await imageView(env, { source: "UPLOAD", fileId: row.profilePicFileId }) : null,
  };
}
