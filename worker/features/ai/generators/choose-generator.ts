import type { Bindings } from "@worker/env";
import type { AiGenerator } from "../generator.schema";
import type { ItineraryGenerator } from "./generator";
import { offlineGenerator } from "./offline-generator";
import { workersAiGenerator } from "./workers-ai-generator";

/** Workers AI where the `AI` binding is configured (production); the offline generator everywhere else. */
export const generatorKind = (env: Pick<Bindings, "AI">): AiGenerator => (env.AI ? "workers-ai" : "offline");

export const chooseGenerator = (env: Pick<Bindings, "AI">): ItineraryGenerator => (env.AI ? workersAiGenerator(env.AI) : offlineGenerator);
