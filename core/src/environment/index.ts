// Entry of core's environment layer: the online/focus signals, the client environment, waitUntil, Subscribable.
export { freshnessOption, type ClientEnvironment, type OfflineHold, type TabRole } from './ClientEnvironment';
export { defaultSignals, EnvironmentSignal, environmentSignal, type SignalSetup } from './EnvironmentSignal';
export { createFocusSignal, focusEvents, readVisible } from './focusSignal';
export { createOnlineSignal, onlineEvents, readOnline } from './onlineSignal';
export { waitUntil } from './waitUntil';
export { report, Subscribable } from './Subscribable';
