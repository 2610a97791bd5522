// Entry of core's environment layer: the online/focus signals, the client environment, waitUntil, Subscribable.
export { createEnvironment, defaultSignals, freshnessOption, type ClientEnvironment, type OfflineHold, type TabRole } from './ClientEnvironment';
export { EnvironmentSignal, type SignalSetup } from './EnvironmentSignal';
export { createFocusSignal, focusEvents, readVisible } from './focusSignal';
export { createOnlineSignal, onlineEvents, readOnline } from './onlineSignal';
export { waitUntil } from './waitUntil';
export { report, Subscribable } from './Subscribable';
