export * from './server';
export * from './wait';
export * from './holding';
export * from './filtered';
export * from './session';
export * from './mutation';
