/** The client's path parameters for one experience's forms, encoded as every call of the feature sends them. */
export const eventParam = (eventId: string) => ({ eventId });
export const formParam = (eventId: string, formId: string) => ({ eventId, formId });
