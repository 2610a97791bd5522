// Public entry of @resto/devtools. Importing it has no side effect: the element is
// registered by defineRestoDevtools() / mountDevtools(), never on import.
export * from './DevtoolsManager';
export * from './diffState';
export * from './inspect';
export * from './RestoDevtoolsElement';
export * from './defineRestoDevtools';
export * from './mountDevtools';
export * from './restoreState';
export * from './connectReduxDevtools';
