export * from './modules/index';
export * from './formulas/index';
export * from './permissions';
export * from './api';
export * from './routes';
export * from './jobs';
export * from './csv';
export * from './errors';
