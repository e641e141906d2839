// The English messages of the signed-in layout and the unit home (src/i18n/parts.ts), merged in
// when the layout's code loads, before it renders.
import shell from 'virtual:en-messages/shell';
import { addEnglish } from '.';

addEnglish(shell);
