// QTooltip, loaded after the screen it sits on is drawn: a tooltip shows on hover or focus only,
// and its code (the tooltip and Quasar's positioning, about 6 KiB) need not hold up the first
// render. Used as <q-tooltip> would be, inside the element it describes.
import { defineAsyncComponent } from 'vue';

export const LazyTooltip = defineAsyncComponent(() => import('./quasarTooltip').then((m) => m.QTooltip));
