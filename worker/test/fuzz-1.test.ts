import { fuzzOperations } from "./fuzz";

fuzzOperations(1);
