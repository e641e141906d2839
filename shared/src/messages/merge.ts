// The modules' words (each folder's messages.<locale>.ts) merged into the trees the SPA and the
// printable report read: `modules.<module type>` and `method.formulas.<entry type>`.

export interface ModuleMessages {
  modules: object;
  formulas: object;
}

type Intersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

export interface MergedModuleMessages<T extends readonly ModuleMessages[]> {
  modules: Intersection<T[number]['modules']>;
  formulas: Intersection<T[number]['formulas']>;
}

/** Every module's words in one tree per part, in the order given. */
export function mergeModuleMessages<const T extends readonly ModuleMessages[]>(list: T): MergedModuleMessages<T> {
  return {
    modules: Object.assign({}, ...list.map((m) => m.modules)),
    formulas: Object.assign({}, ...list.map((m) => m.formulas)),
  } as MergedModuleMessages<T>;
}
