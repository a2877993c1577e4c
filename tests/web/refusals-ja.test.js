import {testRefusals} from "./refusal-cases.js";

await testRefusals("ja");
