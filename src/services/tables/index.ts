// The public face of this group: other folders import only from here.

export { recordChoice, waiveChoices } from "./choices";
export { confirmResult, disputeResult } from "./player-codes";
export { correctResult, disqualifyPlayer, finalizeResult, submitResult } from "./results";
export { switchTimerOff, switchTimerOn, type TimerInput } from "./timers";
export { getTable, getTables, type TableDto } from "./view";
export { listPlayerWarnings, recordWarning } from "./warnings";
