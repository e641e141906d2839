// Every module's English words, from its folder (shared/src/modules/<module>/messages.en.ts).
import buildings from '../modules/buildings/messages.en';
import commuting from '../modules/commuting/messages.en';
import digitalServices from '../modules/digitalServices/messages.en';
import equipment from '../modules/equipment/messages.en';
import headcount from '../modules/headcount/messages.en';
import professionalTravel from '../modules/professionalTravel/messages.en';
import purchases from '../modules/purchases/messages.en';
import { mergeModuleMessages } from './merge';

export const MODULE_MESSAGES_EN = mergeModuleMessages([headcount, professionalTravel, buildings, equipment, purchases, digitalServices, commuting]);
