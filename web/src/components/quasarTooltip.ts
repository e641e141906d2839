// Quasar's QTooltip alone, for LazyTooltip's on-demand chunk. Imported, not re-exported from
// 'quasar': Quasar's Vite plugin turns the import into the component's own module, where a
// re-export would take it from Quasar's whole bundle (with every other part it has).
import { QTooltip } from 'quasar';

export { QTooltip };
