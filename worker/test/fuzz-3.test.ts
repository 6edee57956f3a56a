import { fuzzOperations } from "./fuzz";

fuzzOperations(3);
