import { fuzzOperations } from "./fuzz";

fuzzOperations(2);
