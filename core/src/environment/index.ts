export { createEnvironment, freshnessOption, type ClientEnvironment } from './ClientEnvironment';
export { EnvironmentSignal, type SignalSetup } from './EnvironmentSignal';
export { createFocusSignal } from './focusSignal';
export { createOnlineSignal } from './onlineSignal';
export { waitUntil } from './waitUntil';
export { Subscribable } from './Subscribable';
