// Every module's French words, from its folder (shared/src/modules/<module>/messages.fr.ts).
import buildings from '../modules/buildings/messages.fr';
import commuting from '../modules/commuting/messages.fr';
import digitalServices from '../modules/digitalServices/messages.fr';
import equipment from '../modules/equipment/messages.fr';
import headcount from '../modules/headcount/messages.fr';
import professionalTravel from '../modules/professionalTravel/messages.fr';
import purchases from '../modules/purchases/messages.fr';
import { mergeModuleMessages } from './merge';

export const MODULE_MESSAGES_FR = mergeModuleMessages([headcount, professionalTravel, buildings, equipment, purchases, digitalServices, commuting]);
