// Quasar's Dialog and Notify plugins alone, for useFeedback's on-demand chunk.
export { Dialog, Notify } from 'quasar';
