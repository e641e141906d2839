export * from './types';
export * from './fields';
export * from './registry';
export * from './schemas';
export * from './text';
export * from './entries';
export { PERSON_NUMBER_PATTERN } from './headcount';
export { TRAIN_CLASSES } from './professionalTravel';
