// Module types known to the service. The registry beside this file (registry.ts) holds each
// module's description and its entry types; adding a module starts by adding its type here.
export type ModuleType = 'headcount' | 'professional_travel' | 'buildings' | 'equipment' | 'purchases' | 'digital_services' | 'commuting';
