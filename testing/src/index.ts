export * from './server';
export * from './wait';
