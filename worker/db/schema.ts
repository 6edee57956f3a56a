// The D1 tables, one file per area; drizzle-kit reads them all through this file.
export * from "./tables/columns";
export * from "./tables/accounts";
export * from "./tables/files";
export * from "./tables/experiences";
export * from "./tables/documents";
export * from "./tables/guests";
export * from "./tables/social";
export * from "./tables/bulletins";
export * from "./tables/feedback";
export * from "./tables/mail";
export * from "./tables/notifications";
export * from "./tables/checkin";
export * from "./tables/signups";
