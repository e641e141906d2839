// Quasar's QTooltip alone, for LazyTooltip's on-demand chunk.
export { QTooltip } from 'quasar';
