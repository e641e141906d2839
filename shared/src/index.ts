export * from './modules/types';
export * from './permissions';
export * from './api';
export * from './routes';
export * from './jobs';
