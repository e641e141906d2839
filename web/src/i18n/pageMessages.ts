// The English messages of the signed-in pages other than the unit home (src/i18n/parts.ts), merged
// in when a page's code loads, before it renders. Every such page imports this module.
import pages from 'virtual:en-messages/pages';
import { addEnglish } from '.';
// Their own data may carry refusal codes (a job's row report, a directory sync's issues).
import './errorMessages';

addEnglish(pages);
