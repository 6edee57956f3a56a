import { fuzzOperations } from "./fuzz";

fuzzOperations(4);
