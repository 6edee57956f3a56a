import type { Bindings } from "@worker/env";

/** The experience's EventRoom (worker/event-room.ts): one Durable Object per experience, named by its id. */
export const eventRoom = (env: Bindings, eventId: string) => env.EVENT_ROOM.get(env.EVENT_ROOM.idFromName(eventId));
