export * from './geo';
export * from './trips';
export * from './plane';
export * from './train';
export * from './member';
export * from './units';
export * from './refrigerants';
export * from './purchases';
