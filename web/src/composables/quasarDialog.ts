// Quasar's Dialog plugin alone, for useConfirm's on-demand chunk.
export { Dialog } from 'quasar';
