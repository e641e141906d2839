// What every signed-in page other than the unit home needs before it renders, beyond what the
// layout brings (src/i18n/shellMessages.ts, src/icons.ts): the rest of the English messages and
// the rest of the icons. Each such page imports this module, so its code brings them.
import './i18n/pageMessages';
import './pageIcons';
