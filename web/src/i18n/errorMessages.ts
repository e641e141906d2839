// The English words of the server's refusal codes (src/i18n/parts.ts, `codes`), merged in when
// this module loads: by the API client before it hands a failed answer on, and with the pages'
// messages.
import codes from 'virtual:en-messages/codes';
import { addEnglish } from '.';

addEnglish(codes);
