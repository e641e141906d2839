// Module types known to the service: derived from the catalogue's list (catalogue.ts), where
// registering a module is one line.
export type { ModuleType } from './catalogue';
