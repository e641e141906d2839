// Text typed into a field but not yet committed (a location typed without picking a suggestion)
// must reach the form before it saves. Quasar's select sends its blur only once its suggestions
// menu has closed, later than the click on Save, so a form cannot rely on the blur: it provides
// this registry, each such field registers how to commit its text, and the save commits them all,
// synchronously, before it reads its values.
import { inject, onBeforeUnmount, provide, type InjectionKey } from 'vue';

type Commit = () => void;

const KEY: InjectionKey<Set<Commit>> = Symbol('pending-input');

/** In a form: returns the function its save calls first. */
export function providePendingInput(): () => void {
  const commits = new Set<Commit>();
  provide(KEY, commits);
  return () => commits.forEach((commit) => commit());
}

/** In a field that holds uncommitted text: registers its commit with the enclosing form, if any. */
export function usePendingInput(commit: Commit): void {
  const commits = inject(KEY, null);
  if (!commits) return;
  commits.add(commit);
  onBeforeUnmount(() => commits.delete(commit));
}
