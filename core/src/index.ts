// Public entry of @resto/core. Order follows the flow inside core:
// rest -> schema -> normalize -> state -> controller -> managers -> client.
export * from './endpoint';
export * from './rest';
export * from './schema';
export * from './normalize';
export * from './state';
export * from './controller';
export * from './managers';
export * from './client';
